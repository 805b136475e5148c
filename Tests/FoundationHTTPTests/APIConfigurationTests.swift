import Foundation
import FoundationHTTP
import Testing

@Suite("APIConfiguration")
struct APIConfigurationTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/api/v1", "http://127.0.0.1:8080"),
        ("https://Cocoacasts-Mock-API.herokuapp.com/api/v1", "https://cocoacasts-mock-api.herokuapp.com:443"),
        ("http://localhost/api/v1", "http://localhost:80"),
    ])
    func originMakesThePortExplicit(url: String, origin: String) throws {
        let configuration = APIConfiguration(baseURL: try #require(URL(string: url)), apiToken: "t")
        #expect(configuration.origin == origin)
    }

    @Test func descriptionHidesTheAPIToken() throws {
        let configuration = APIConfiguration(
            baseURL: try #require(URL(string: "http://127.0.0.1:1/api/v1")), apiToken: APIConfiguration.seriesAPIToken)
        #expect(!"\(configuration)".contains(APIConfiguration.seriesAPIToken))
        #expect("\(configuration)".contains("http://127.0.0.1:1/api/v1"))
    }

    @Test func defaultsAreThirtySecondsAndTenMebibytes() throws {
        let configuration = APIConfiguration(baseURL: try #require(URL(string: "http://127.0.0.1/")), apiToken: "t")
        #expect(configuration.timeout == 30)
        #expect(configuration.maximumResponseSize == 10 * 1024 * 1024)
    }
}
