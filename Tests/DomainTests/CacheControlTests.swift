import Domain
import Testing

@Suite("Cache-Control parsing, without I/O")
struct CacheControlTests {
    @Test(arguments: [
        ("max-age=60", CacheControl(maxAge: 60)),
        ("MAX-AGE=60, Private", CacheControl(maxAge: 60, isPrivate: true)),
        (" no-store ", CacheControl(noStore: true)),
        ("no-cache, max-age=\"30\"", CacheControl(maxAge: 30, noCache: true)),
        ("max-age=abc", CacheControl()),
        ("max-age=-1", CacheControl()),
        ("max-age=10, max-age=20", CacheControl()),
        ("max-age=99999999999999", CacheControl(maxAge: Int(Int32.max))),
        ("public, s-maxage=5, must-revalidate", CacheControl()),
        ("", CacheControl()),
    ])
    func parses(_ header: String, _ expected: CacheControl) {
        #expect(CacheControl(header: header) == expected)
    }

    @Test func noHeaderIsNoDirective() {
        #expect(CacheControl(header: nil) == CacheControl())
    }
}
