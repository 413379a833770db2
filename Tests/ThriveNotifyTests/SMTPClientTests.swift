import Foundation
import Testing
import ThriveCore
import ThriveTestSupport

@testable import ThriveNotify

/// The SMTP client against a real SMTP server (aiosmtpd) on 127.0.0.1: the message arrives with its
/// headers, a UTF-8 subject and body that read back exactly, and a server that is not there is an
/// error, not a hang.
@Suite("SMTP client")
struct SMTPClientTests {
    @Test func aMessageArrivesAsWritten() async throws {
        try await LocalSMTPServer.run { server in
            let configuration = try SMTPConfiguration(url: "smtp://127.0.0.1:\(server.port)", from: "thrive@example.org")
            let client = SMTPClient(configuration: configuration, now: .fixed(Date(timeIntervalSince1970: 1_795_000_000)))
            let text = "Thrive a une alerte importante pour vous.\n.\nOuvrez Thrive : http://127.0.0.1/notifications"
            try await client.send(EmailMessage(to: "ann@example.com", subject: "Alerte de santé importante", text: text))
            let message = try #require(try server.messages().first)
            let (headers, body) = Self.split(message)
            #expect(headers["From"] == "Thrive <thrive@example.org>")
            #expect(headers["To"] == "<ann@example.com>")
            #expect(headers["Date"] == "Wed, 18 Nov 2026 11:06:40 +0000")
            #expect(headers["Content-Type"] == "text/plain; charset=utf-8")
            #expect(headers["X-MailFrom"] == "thrive@example.org" && headers["X-RcptTo"] == "ann@example.com")
            let subject = try #require(headers["Subject"])
            #expect(subject.hasPrefix("=?UTF-8?B?") && subject.hasSuffix("?="))
            let encoded = subject.dropFirst("=?UTF-8?B?".count).dropLast(2)
            #expect(String(decoding: Data(base64Encoded: String(encoded))!, as: UTF8.self) == "Alerte de santé importante")
            let decoded = Data(
                base64Encoded: body.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: ""))
            #expect(decoded.map { String(decoding: $0, as: UTF8.self) } == text, "a lone dot in the text is kept")
        }
    }

    @Test func noServerIsAnErrorNotAHang() async throws {
        let configuration = try SMTPConfiguration(url: "smtp://127.0.0.1:9", from: "thrive@example.org")
        await #expect(throws: (any Error).self) {
            try await SMTPClient(configuration: configuration, timeout: .seconds(2)).send(
                EmailMessage(to: "ann@example.com", subject: "x", text: "y"))
        }
    }

    @Test func theConfigurationIsChecked() throws {
        #expect(throws: SMTPConfiguration.Problem.notAnSMTPURL) { try SMTPConfiguration(url: "http://mail", from: "a@b.c") }
        #expect(throws: SMTPConfiguration.Problem.passwordWithoutTLS) {
            try SMTPConfiguration(url: "smtp://user:secret@mail.example.org:587", from: "a@b.c")
        }
        #expect(throws: SMTPConfiguration.Problem.badSender) {
            try SMTPConfiguration(url: "smtps://mail.example.org", from: "nobody")
        }
        let tls = try SMTPConfiguration(url: "smtps://me%40example.org:p%3Ass@mail.example.org", from: "thrive@example.org")
        #expect(tls.implicitTLS && tls.port == 465 && tls.username == "me@example.org" && tls.password == "p:ss")
    }

    /// Headers (unfolded) and the body of a raw message.
    static func split(_ message: String) -> ([String: String], String) {
        let normalized = message.replacingOccurrences(of: "\r\n", with: "\n")
        let parts = normalized.components(separatedBy: "\n\n")
        var headers: [String: String] = [:]
        for line in parts[0].split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (headers, parts.dropFirst().joined(separator: "\n\n"))
    }
}
