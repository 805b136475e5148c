import Domain
import Testing

@Suite("Store errors say where and how to repair")
struct StoreErrorTests {
    @Test func insecurePermissionsNamesTheFixCommand() {
        let text = StoreError.insecurePermissions(path: "/home/u/.config/cocoacasts/credentials.json", mode: "0644")
            .description
        #expect(text.contains("chmod 600 /home/u/.config/cocoacasts/credentials.json"))
        #expect(text.contains("0644"))
    }

    @Test(arguments: [
        StoreError.corrupt(path: "/p/credentials.json", detail: "unexpected end"),
        .lockTimeout(path: "/p/credentials.json", seconds: 10),
        .io(path: "/p/credentials.json", detail: "Permission denied"),
    ])
    func everyErrorNamesThePath(error: StoreError) {
        #expect(error.description.contains("/p/credentials.json"))
    }
}
