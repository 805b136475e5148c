import Domain
import TestSupport
import Testing

@Suite("APIErrorMapper: the message for every error in every context")
struct APIErrorMapperTests {
    typealias Row = (error: APIError, context: APIErrorMapper.Context, message: String?)

    static let noNetwork = "You need to have a network connection."
    static let signedOut = "You need to be signed in."
    static let invalidCredentials = "The email/password combination is invalid."
    static let signInFailed = "You could not be signed in."
    static let episodesFailed = "The list of episodes could not be fetched."
    static let videoFailed = "The video could not be fetched."
    static let progressFailed = "The video progress could not be fetched."
    static let progressUpdateFailed = "The video progress could not be synced."

    static let table: [Row] = [
        (.unreachable, .signIn, noNetwork),
        (.unreachable, .episodes, noNetwork),
        (.unreachable, .video, noNetwork),
        (.unreachable, .progress, noNetwork),
        (.unauthorized, .signIn, invalidCredentials),
        (.unauthorized, .episodes, signedOut),
        (.unauthorized, .video, "You need to be signed in to watch this episode."),
        (.unauthorized, .progress, signedOut),
        (.unknown, .signIn, signInFailed),
        (.unknown, .episodes, episodesFailed),
        (.unknown, .video, videoFailed),
        (.unknown, .progress, progressFailed),
        (.failedRequest, .signIn, signInFailed),
        (.failedRequest, .episodes, episodesFailed),
        (.failedRequest, .video, videoFailed),
        (.failedRequest, .progress, progressFailed),
        (.invalidResponse, .signIn, signInFailed),
        (.invalidResponse, .episodes, episodesFailed),
        (.invalidResponse, .video, videoFailed),
        (.invalidResponse, .progress, progressFailed),
        (.cancelled, .signIn, nil),
        (.cancelled, .episodes, nil),
        (.cancelled, .video, nil),
        (.cancelled, .progress, nil),
        (.unreachable, .progressUpdate, noNetwork),
        (.unauthorized, .progressUpdate, signedOut),
        (.unknown, .progressUpdate, progressUpdateFailed),
        (.failedRequest, .progressUpdate, progressUpdateFailed),
        (.invalidResponse, .progressUpdate, progressUpdateFailed),
        (.cancelled, .progressUpdate, nil),
    ]

    @Test(arguments: table)
    func message(row: Row) {
        #expect(APIErrorMapper(error: row.error, context: row.context).message == row.message)
    }

    @Test(arguments: APIError.oneOfEachKind)
    func theMessageFollowsTheKindWhateverTheCause(error: APIError) {
        for context in APIErrorMapper.Context.allCases {
            let bare = APIErrorMapper(error: APIError(error.kind), context: context).message
            #expect(APIErrorMapper(error: error, context: context).message == bare)
        }
    }

    @Test func onlyA401SaysTheEmailOrPasswordIsWrong() {
        let wrongPassword = APIError.unauthorized(.status(401, reason: "Unauthorized"))
        #expect(APIErrorMapper(error: wrongPassword, context: .signIn).message == Self.invalidCredentials)
        for error in APIError.oneOfEachKind where error.kind != .unauthorized {
            #expect(APIErrorMapper(error: error, context: .signIn).message != Self.invalidCredentials)
        }
    }

    @Test func tableCoversEveryErrorInEveryContext() {
        let covered = Set(Self.table.map { "\($0.error)/\($0.context)" })
        let all = APIError.Kind.allCases.map { APIError($0) }.flatMap { error in
            APIErrorMapper.Context.allCases.map { "\(error)/\($0)" }
        }
        #expect(covered == Set(all))
        #expect(Self.table.count == all.count)
    }
}
