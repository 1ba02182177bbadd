import BuzzerGame
import Glibc

/// How replay output spells times, numbers and answers, shared by every command so a value
/// reads the same in `show`, `export` and `list`.
package enum ReplayFormat {
    /// `2023-11-14 22:13:20` (UTC).
    package static func time(_ milliseconds: Int64) -> String {
        let p = parts(milliseconds)
        return "\(pad(p.tm_year + 1900, 4))-\(pad(p.tm_mon + 1, 2))-\(pad(p.tm_mday, 2)) \(pad(p.tm_hour, 2)):\(pad(p.tm_min, 2)):\(pad(p.tm_sec, 2))"
    }

    /// `2023-11-14T22:13:20.123Z`, for JSON.
    package static func iso(_ milliseconds: Int64) -> String {
        let p = parts(milliseconds)
        let ms = ((milliseconds % 1000) + 1000) % 1000
        return "\(pad(p.tm_year + 1900, 4))-\(pad(p.tm_mon + 1, 2))-\(pad(p.tm_mday, 2))T\(pad(p.tm_hour, 2)):\(pad(p.tm_min, 2)):\(pad(p.tm_sec, 2)).\(pad(Int32(ms), 3))Z"
    }

    /// Midnight UTC of a `YYYY-MM-DD` date, in ms since 1970.
    package static func day(_ text: String) throws(ReplayError) -> Int64 {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
              let year = Int32(fields[0]), let month = Int32(fields[1]), let dayOfMonth = Int32(fields[2]),
              (1...12).contains(month), (1...31).contains(dayOfMonth) else { throw .invalidDate(text) }
        var p = tm()
        p.tm_year = year - 1900
        p.tm_mon = month - 1
        p.tm_mday = dayOfMonth
        let seconds = timegm(&p)
        // timegm normalises 2023-02-30 to March; refuse dates that do not exist.
        guard p.tm_mday == dayOfMonth, p.tm_mon == month - 1 else { throw .invalidDate(text) }
        return Int64(seconds) * 1000
    }

    /// 1969 rather than 1969.0; other values in Swift's shortest round-tripping form.
    package static func number(_ value: Double) -> String { NumberText.text(value) }

    /// An answer as players saw it: option texts rather than indices; an order, its items first to last, "A > B > C".
    package static func answer(_ value: AnswerValue, question: Question) -> String {
        question.kind.module.answerText(value, content: question.content)
    }

    /// The right answer of a question; accepted alternatives joined by " / "; "" for a poll.
    package static func correctAnswer(_ question: Question, acceptedExtra: [String] = []) -> String {
        question.kind.module.correctAnswerText(question.content, acceptedExtra: acceptedExtra)
    }

    private static func parts(_ milliseconds: Int64) -> tm {
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        var p = tm()
        gmtime_r(&seconds, &p)
        return p
    }

    private static func pad(_ value: Int32, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
