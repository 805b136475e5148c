import Domain
import Foundation
import Testing

@Suite("HTTPDate: RFC 9110's three forms read, IMF-fixdate written, anything else refused")
struct HTTPDateTests {
    /// 1994-11-06 08:49:37 UTC, RFC 9110's own example.
    static let example = Date(timeIntervalSince1970: 784_111_777)
    /// A moment in 2025, for the two-digit years.
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", example),  // IMF-fixdate
        ("Sunday, 06-Nov-94 08:49:37 GMT", example),  // RFC 850
        ("Sun Nov  6 08:49:37 1994", example),  // asctime
        ("Sun Nov 6 08:49:37 1994", example),  // asctime as some servers write it
        ("Thu, 01 Jan 1970 00:00:00 GMT", Date(timeIntervalSince1970: 0)),
        ("Wed, 31 Dec 1969 23:59:59 GMT", Date(timeIntervalSince1970: -1)),
        ("Tue, 29 Feb 2000 12:00:00 GMT", Date(timeIntervalSince1970: 951_825_600)),  // a leap day (÷400)
        ("Fri, 31 Dec 9999 23:59:59 GMT", Date(timeIntervalSince1970: 253_402_300_799)),
        ("Sat, 01 Jan 1583 00:00:00 GMT", Date(timeIntervalSince1970: -12_212_553_600)),  // the first year read
        ("Thu, 01 Jan 1970 00:00:60 GMT", Date(timeIntervalSince1970: 60)),  // a leap second: the next minute
        ("Mon, 06 Nov 1994 08:49:37 GMT", example),  // the weekday is not checked against the date
    ])
    func eachFormIsRead(text: String, date: Date) {
        #expect(HTTPDate.parse(text, now: Self.now) == date)
    }

    /// RFC 850's two-digit year puts the date within 50 years of now (RFC 9110 §5.6.7), as a
    /// date: `now` is 15 June 2025, so 1 January '75 is 2075 and 1 December '75 is 1975.
    @Test(arguments: [
        ("01-Jan-75", "01 Jan 2075"), ("01-Dec-75", "01 Dec 1975"), ("01-Jan-76", "01 Jan 1976"),
        ("01-Jan-00", "01 Jan 2000"), ("01-Jan-25", "01 Jan 2025"), ("01-Jan-99", "01 Jan 1999"),
    ])
    func aTwoDigitYearIsTheOneWithinFiftyYears(date text: String, expected: String) throws {
        let date = try #require(HTTPDate.parse("Monday, \(text) 00:00:00 GMT", now: Self.now))
        #expect(HTTPDate.format(date).hasSuffix("\(expected) 00:00:00 GMT"))
    }

    @Test(arguments: [
        "", "soon", "1994-11-06T08:49:37Z", "784111777",
        "Sun, 06 Nov 1994 08:49:37 UTC",  // GMT only
        "Sun, 06 Nov 1994 08:49:37 gmt",  // names are case-sensitive
        "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT",
        "Sun 06 Nov 1994 08:49:37 GMT",  // no comma
        "Sun,  06 Nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",  // two digits for the day
        "Sun, 06 Nov 94 08:49:37 GMT",  // four for the year
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT ", " Sun, 06 Nov 1994 08:49:37 GMT",  // nothing around it
        "Sun, 06 Nov 1994 08:49:37 GMTX",
        "Sun, 30 Feb 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT",  // days that do not exist
        "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:37 GMT", "Sun, 06 Nov 1994 08:49:61 GMT",
        "Sun, 06 Nov 1994 08:49:3a GMT", "Sun, ٠٦ Nov 1994 08:49:37 GMT",  // ASCII digits only
        "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT",  // RFC 850's long name, short year
        "Sun Nov 06 08:49:37 1994 GMT", "Sun Nov  16 08:49:37 1994", "Sun Nov  6 08:49:37 94",
        // Before the Gregorian calendar's first whole year.
        "Thu, 29 Feb 1500 12:00:00 GMT", "Fri, 31 Dec 1582 23:59:59 GMT",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == nil)
    }

    @Test(arguments: [
        (example, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (Date(timeIntervalSince1970: 0), "Thu, 01 Jan 1970 00:00:00 GMT"),
        (Date(timeIntervalSince1970: -0.5), "Wed, 31 Dec 1969 23:59:59 GMT"),  // a fraction is dropped
        (Date(timeIntervalSince1970: 951_825_600.999), "Tue, 29 Feb 2000 12:00:00 GMT"),
        (Date(timeIntervalSince1970: 1_709_208_000), "Thu, 29 Feb 2024 12:00:00 GMT"),
    ])
    func imfFixdateIsWritten(date: Date, text: String) {
        #expect(HTTPDate.format(date) == text)
    }

    /// Every day of four years around a leap day and a century, written and read back.
    @Test func whatIsWrittenReadsBack() {
        for day in stride(from: -800, to: 800, by: 1) {
            let date = Date(timeIntervalSince1970: 951_825_600 + Double(day) * 86_400 + 3_723)
            #expect(HTTPDate.parse(HTTPDate.format(date)) == date, "\(HTTPDate.format(date))")
        }
    }

    /// Foundation's formatter, with ICU, as the oracle for dates across the calendar.
    @Test func itAgreesWithFoundationsFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        for step in 0..<500 {
            let date = Date(timeIntervalSince1970: -2_208_988_800 + Double(step) * 12_345_678)  // 1900 onwards
            #expect(HTTPDate.format(date) == formatter.string(from: date))
        }
    }
}
