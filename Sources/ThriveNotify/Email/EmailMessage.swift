import Foundation

/// A plain-text e-mail as RFC 5322 and RFC 2045 write it: UTF-8 throughout, the subject as an
/// RFC 2047 encoded word, the body in base64 (so no line can be a lone "." and nothing is longer
/// than 76 characters).
public struct EmailMessage: Sendable, Hashable {
    public let to: String
    public let subject: String
    public let text: String

    public init(to: String, subject: String, text: String) {
        self.to = to
        self.subject = subject
        self.text = text
    }

    func rendered(from: String, date: Date, id: UUID) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        let domain = from.split(separator: "@").last.map(String.init) ?? "localhost"
        let body = Data(text.utf8).base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
        ])
        return [
            "From: Thrive <\(from)>",
            "To: <\(to)>",
            "Subject: =?UTF-8?B?\(Data(subject.utf8).base64EncodedString())?=",
            "Date: \(format.string(from: date))",
            "Message-ID: <\(id.uuidString.lowercased())@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
            body,
        ].joined(separator: "\r\n")
    }
}
