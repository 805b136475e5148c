import CocoacastsAPI
import Domain
import Foundation
import Testing

@Suite("APIConfiguration and Origin")
struct APIConfigurationTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/api/v1", "http://127.0.0.1:8080"),
        ("https://Cocoacasts-Mock-API.herokuapp.com/api/v1", "https://cocoacasts-mock-api.herokuapp.com:443"),
        ("http://localhost/api/v1", "http://localhost:80"),
        ("http://127.1.2.3:9/", "http://127.1.2.3:9"),
    ])
    func originMakesThePortExplicit(url: String, origin: String) throws {
        let configuration = try APIConfiguration(baseURL: try #require(URL(string: url)), apiToken: "t")
        #expect(configuration.origin.description == origin)
    }

    @Test(arguments: ["http://example.com/api/v1", "http://10.0.0.1/api", "http://127.0.0.1.example.com/"])
    func plainHTTPToANonLoopbackHostIsRefused(url: String) throws {
        #expect(throws: ConfigurationError.insecureBaseURL(url)) {
            try APIConfiguration(baseURL: try #require(URL(string: url)), apiToken: "t")
        }
    }

    @Test(arguments: [
        ("ftp://127.0.0.1/api", "ftp://127.0.0.1/api"), ("file:///tmp/api", "file:///tmp/api"),
        ("http://127.0.0.1/api?key=secret", "http://127.0.0.1/api?<redacted>"), ("/relative", "/relative"),
        ("https://user:secret@api.example.com/api", "https://api.example.com/api"),
    ])
    func unsupportedBaseURLsAreRefusedWithoutEchoingSecrets(url: String, shown: String) throws {
        #expect(throws: ConfigurationError.unsupportedBaseURL(shown)) {
            try APIConfiguration(baseURL: try #require(URL(string: url)), apiToken: "t")
        }
    }

    @Test func nonsenseTimeoutsFallBackToTheDefault() throws {
        var configuration = try APIConfiguration(
            baseURL: try #require(URL(string: "https://a.example/")), apiToken: "t", timeout: .infinity)
        #expect(configuration.timeout == 30)
        configuration.timeout = -1
        #expect(configuration.timeout == 30)
        configuration.timeout = 2
        #expect(configuration.timeout == 2)
    }

    @Test func theRefusalSaysWhatToDo() {
        let text = ConfigurationError.insecureBaseURL("http://example.com/api").description
        #expect(text.contains("https") && text.contains("loopback"))
    }

    @Test func descriptionAndDumpHideTheAPIToken() throws {
        let configuration = try APIConfiguration(
            baseURL: try #require(URL(string: "http://127.0.0.1:1/api/v1")), apiToken: APIConfiguration.seriesAPIToken)
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in ["\(configuration)", String(reflecting: configuration), dumped] {
            #expect(!text.contains(APIConfiguration.seriesAPIToken))
            #expect(text.contains("http://127.0.0.1:1/api/v1"))
        }
    }

    /// An app's name goes into a header of every request: one line of visible ASCII.
    @Test(arguments: [
        "", "MyApp/2.1\r\nX-Injected: yes", "MyApp/2.1\n", "MyApp\u{7}", "Café/1.0",
        String(repeating: "a", count: 4097),
    ])
    func aUserAgentAHeaderCannotCarryIsRefused(userAgent: String) throws {
        #expect(throws: ConfigurationError.unsafeUserAgent) {
            try APIConfiguration(
                baseURL: try #require(URL(string: "https://a.example/")), apiToken: "t", userAgent: userAgent)
        }
    }

    @Test func withoutAUserAgentTheLayersDefaultIsSent() throws {
        let configuration = try APIConfiguration(
            baseURL: try #require(URL(string: "https://a.example/")), apiToken: "t")
        #expect(configuration.userAgent == nil)
        #expect(APIConfiguration.libraryProduct == "CocoacastsNetworking/1.0")
    }

    @Test func defaultsAreThirtySecondsTenMebibytesAndThreeAttempts() throws {
        let configuration = try APIConfiguration(
            baseURL: try #require(URL(string: "https://a.example/")), apiToken: "t")
        #expect(configuration.timeout == 30)
        #expect(configuration.maximumResponseSize == 10 * 1024 * 1024)
        #expect(configuration.retryPolicy.maximumAttempts == 3)
    }

    /// A configuration's errors say what is wrong with the value and name no option or
    /// variable: the app that read the value says where it came from.
    @Test(arguments: [
        ConfigurationError.unsupportedBaseURL("ftp://a.example"), .insecureBaseURL("http://a.example"),
        .unsafeAPIToken, .unsafeUserAgent,
    ])
    func anErrorNamesNoOptionOrVariable(error: ConfigurationError) {
        #expect(!error.description.contains("--"))
        #expect(!error.description.contains("COCOACASTS_"))
    }
}
