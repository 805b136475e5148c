#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A moment as a UTC calendar shows it: the proleptic Gregorian year, month, day and time of
/// day, converted with Howard Hinnant's day-count algorithms.
///
/// It is what HTTP dates and the token file's ISO 8601 stamps need of a calendar, without
/// Foundation's `Calendar`, `TimeZone` and date formatters, which link ICU and its tables
/// (some 36 MB) into the binary.
struct CivilTime: Equatable {
    var year: Int
    /// 1–12.
    var month: Int
    /// 1–31.
    var day: Int
    var hour = 0
    var minute = 0
    /// 0–59, or 60 for a leap second as the formats allow (the next minute's first second).
    var second = 0

    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// The UTC calendar fields of `date`, its fraction of a second dropped (rounded down).
    init(_ date: Date) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, time) = Self.floorDivision(seconds, 86_400)
        (year, month, day) = Self.civil(fromDays: days)
        (hour, minute, second) = (time / 3600, time % 3600 / 60, time % 60)
    }

    /// The moment, or `nil` when a field is out of its range (30 February, 24:00).
    var date: Date? {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let seconds = Self.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Whether this comes after `other` in the calendar (fields compared, largest first).
    func isLater(than other: CivilTime) -> Bool {
        (year, month, day, hour, minute, second) > (
            other.year, other.month, other.day, other.hour, other.minute, other.second
        )
    }

    /// The day of the week: 0 for Sunday to 6 for Saturday.
    var weekday: Int {
        Self.floorDivision(Self.days(year: year, month: month, day: day) + 4, 7).remainder  // 1970-01-01 was a Thursday
    }

    /// The time of day as `HH:MM:SS`, with `separator` between the parts.
    func clockText(separator: String) -> String {
        [hour, minute, second].map { Self.digits($0, 2) }.joined(separator: separator)
    }

    /// `value` in decimal, with leading zeros to `width` digits.
    static func digits(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (negative before it).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = floorDivision(year, 400).quotient
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` from 1970-01-01.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Division rounding towards minus infinity, and the non-negative remainder.
    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}
