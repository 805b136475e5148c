#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// HTTP's dates (RFC 9110 §5.6.7), as `Retry-After`, `Date` and `Last-Modified` carry them.
///
/// A sender uses the IMF-fixdate form, `Sun, 06 Nov 1994 08:49:37 GMT`; a recipient must
/// also accept the two obsolete ones, RFC 850's `Sunday, 06-Nov-94 08:49:37 GMT` and
/// asctime's `Sun Nov  6 08:49:37 1994`. Names and `GMT` are matched exactly, as the
/// grammar spells them; the day of the week is not checked against the date.
public enum HTTPDate {
    static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The Gregorian calendar in UTC: FoundationEssentials' own, which links no ICU. It is
    /// Julian before 15 October 1582, so dates are read from 1583 on (``parse(_:now:)``).
    private static let calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// `date` as an IMF-fixdate, its fraction of a second dropped.
    public static func format(_ date: Date) -> String {
        let time = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .weekday],
            from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        let (day, month, year) = (time.day ?? 1, time.month ?? 1, time.year ?? 1970)
        let clock = [time.hour, time.minute, time.second].map { digits($0 ?? 0, 2) }.joined(separator: ":")
        return "\(dayNames[(time.weekday ?? 1) - 1]), \(digits(day, 2)) \(monthNames[month - 1]) \(digits(year, 4)) "
            + "\(clock) GMT"
    }

    /// `value` in decimal, with leading zeros to `width` digits.
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The moment of the fields, or `nil` when one is out of its range (30 February, 24:00, a
    /// year before the Gregorian calendar's first whole one, 1583); a second of 60, a leap
    /// second as the formats allow, is the next minute's first.
    private static func date(year: Int, month: Int, day: Int, time: (Int, Int, Int)) -> Date? {
        let (hour, minute, second) = time
        guard year >= 1583, (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
            (0...59).contains(minute),
            (0...60).contains(second),
            let date = calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: 0)),
            calendar.component(.day, from: date) == day  // a day past the month's end rolls over
        else { return nil }
        return date + TimeInterval(second)
    }

    /// The moment `text` names in any of the three forms, or `nil` for anything else (a
    /// date that does not exist, such as 30 February, or one before 1583, included). An RFC 850 date's two-digit
    /// year puts it within 50 years of `now`, as the RFC asks: a date that would be more than
    /// 50 years ahead is in the century before.
    public static func parse(_ text: some StringProtocol, now: Date = Date()) -> Date? {
        let bytes = Array(text.utf8)
        return imfFixdate(bytes) ?? rfc850(bytes, now: now) ?? asctime(bytes)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func imfFixdate(_ bytes: [UInt8]) -> Date? {
        var reader = DateTextReader(bytes: bytes)
        guard reader.name(dayNames) != nil, reader.literal(", "), let day = reader.number(digits: 2),
            reader.literal(" "), let month = reader.name(monthNames), reader.literal(" "),
            let year = reader.number(digits: 4), reader.literal(" "), let time = reader.timeOfDay(),
            reader.literal(" GMT"), reader.isAtEnd
        else { return nil }
        return date(year: year, month: month + 1, day: day, time: time)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`
    private static func rfc850(_ bytes: [UInt8], now: Date) -> Date? {
        var reader = DateTextReader(bytes: bytes)
        guard reader.name(longDayNames) != nil, reader.literal(", "), let day = reader.number(digits: 2),
            reader.literal("-"), let month = reader.name(monthNames), reader.literal("-"),
            let shortYear = reader.number(digits: 2), reader.literal(" "), let time = reader.timeOfDay(),
            reader.literal(" GMT"), reader.isAtEnd
        else { return nil }
        let today = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        let present = [today.year, today.month, today.day, today.hour, today.minute, today.second].map { $0 ?? 0 }
        let century = present[0] - present[0] % 100
        var moment = [century + shortYear, month + 1, day, time.0, time.1, time.2]
        // Compared as dates, field by field, not as years: in mid-2025, 1 Dec '75 is more than 50 years ahead.
        let yearsFromNow = { (years: Int) in [present[0] + years] + present.dropFirst() }
        if yearsFromNow(50).lexicographicallyPrecedes(moment) {
            moment[0] -= 100
        } else if !yearsFromNow(-50).lexicographicallyPrecedes(moment) {
            moment[0] += 100
        }
        return date(year: moment[0], month: moment[1], day: moment[2], time: (moment[3], moment[4], moment[5]))
    }

    /// `Sun Nov  6 08:49:37 1994`; also with one space before a one-digit day, as some
    /// servers write it.
    private static func asctime(_ bytes: [UInt8]) -> Date? {
        var reader = DateTextReader(bytes: bytes)
        guard reader.name(dayNames) != nil, reader.literal(" "), let month = reader.name(monthNames),
            reader.literal(" ")
        else { return nil }
        let day = reader.literal(" ") ? reader.number(digits: 1) : reader.number(digits: 2) ?? reader.number(digits: 1)
        guard let day, reader.literal(" "), let time = reader.timeOfDay(), reader.literal(" "),
            let year = reader.number(digits: 4), reader.isAtEnd
        else { return nil }
        return date(year: year, month: month + 1, day: day, time: time)
    }
}

/// Reads a date's text from the front, one part at a time; each read that fails leaves
/// the position where it was.
private struct DateTextReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    /// Reads `text` exactly.
    mutating func literal(_ text: StaticString) -> Bool {
        read(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Reads one of `names`, matched exactly, and returns its index.
    mutating func name(_ names: [String]) -> Int? {
        names.firstIndex { read($0.utf8) }
    }

    /// Reads `expected`, byte for byte.
    private mutating func read(_ expected: some Collection<UInt8>) -> Bool {
        guard bytes[position...].starts(with: expected) else { return false }
        position += expected.count
        return true
    }

    /// Reads exactly `digits` ASCII digits.
    mutating func number(digits: Int) -> Int? {
        guard bytes.count - position >= digits else { return nil }
        var value = 0
        for byte in bytes[position..<(position + digits)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += digits
        return value
    }

    /// Reads `HH:MM:SS`; the ranges are the calendar's to check.
    mutating func timeOfDay() -> (Int, Int, Int)? {
        let start = position
        guard let hour = number(digits: 2), literal(":"), let minute = number(digits: 2), literal(":"),
            let second = number(digits: 2)
        else {
            position = start
            return nil
        }
        return (hour, minute, second)
    }
}
