import Crypto
import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveTestSupport
import ThriveWeb

/// The other channels of a critical alert: a native app's device through APNs (HTTP/2, TLS, the
/// team's token), and the e-mail sent when the alert is still unseen after 30 minutes, for a person
/// who allowed it — both saying only that there is an alert.
@Suite("Critical alert channels")
struct CriticalChannelsTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!
    static let highRestingHeartRate = NotificationCenterTests.highRestingHeartRate

    @Test func anAlertReachesAnIPhoneThroughAPNs() async throws {
        let clock = TestClock(Self.evening)
        let teamKey = P256.Signing.PrivateKey()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-apns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let keyFile = folder.appendingPathComponent("AuthKey.p8")
        try teamKey.pemRepresentation.write(to: keyFile, atomically: true, encoding: .utf8)
        try await StubAPNs.run(teamKey: teamKey.publicKey, keyID: "KEY1234567", teamID: "TEAM123456") { service in
            let caFile = folder.appendingPathComponent("ca.pem")
            try service.certificatePEM.write(to: caFile, atomically: true, encoding: .utf8)
            // Configured as an operator would, through the environment.
            let configuration = try AppConfiguration(environment: [
                "THRIVE_APNS_KEY_FILE": keyFile.path, "THRIVE_APNS_KEY_ID": "KEY1234567", "THRIVE_APNS_TEAM_ID": "TEAM123456",
                "THRIVE_APNS_TOPIC": "org.thrive.app", "THRIVE_APNS_URL": service.baseURL, "THRIVE_APNS_CA_FILE": caFile.path,
            ])
            let app = try await TestApp.make(configure: { $0.push = configuration.push }, clock: clock)
            let jobs = BackgroundJobs(
                store: app.store, now: clock.source, push: configuration.push, logger: app.logs.logger())
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                let device = String(repeating: "0f", count: 32)
                let made = try await browser.json(
                    .post, "/api/v1/mobile/devices", #"{"deviceToken":"apns:\#(device)","platform":"ios","osVersion":"17.1"}"#,
                    bearer: token)
                #expect(made.status == .created, "\(made.text)")
                _ = try await jobs.runDue()
                _ = try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token)
                _ = try await jobs.runDue()
                let delivery = try #require(await service.deliveries.first)
                #expect(delivery.http2 && delivery.deviceToken == device)
                #expect(delivery.headers["apns-priority"] == "10" && delivery.headers["apns-topic"] == "org.thrive.app")
                #expect(delivery.aps["interruption-level"] as? String == "time-sensitive")
                let alert = try #require(delivery.aps["alert"] as? [String: String])
                #expect(alert == ["title": "Thrive", "body": "Important health alert — open Thrive"])
                let text = String(decoding: delivery.payload, as: UTF8.self)
                // The value as a number of its own: the payload's random ids may hold the digits 112.
                #expect(!text.contains(/(^|[^0-9A-Za-z])112([^0-9A-Za-z]|$)/) && !text.contains("heart"), "\(text)")
            }
        }
    }

    @Test func anAPNsSetupMissingAPartIsRefusedAtStart() throws {
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: ["THRIVE_APNS_KEY_ID": "KEY1234567", "THRIVE_APNS_TEAM_ID": "TEAM123456"])
        }
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: ["THRIVE_SMTP_URL": "smtp://127.0.0.1:25"])
        }
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: [
                "THRIVE_SMTP_URL": "smtp://me:secret@mail.example.org:587", "THRIVE_SMTP_FROM": "thrive@example.org",
            ])
        }
    }

    /// Spec 001's redundant channel: at 30 minutes an unseen critical alert is e-mailed, at 29 it
    /// is not; a person who opened it, or did not allow e-mail, gets none.
    @Test(arguments: ["unseen", "opened", "notAllowed"])
    func anUnseenAlertIsEmailedAfterThirtyMinutes(case name: String) async throws {
        try await LocalSMTPServer.run { server in
            let clock = TestClock(Self.evening)
            let configuration = try AppConfiguration(environment: [
                "THRIVE_SMTP_URL": "smtp://127.0.0.1:\(server.port)", "THRIVE_SMTP_FROM": "thrive@example.org",
                "THRIVE_PUBLIC_URL": "https://thrive.example.org",
            ])
            let app = try await TestApp.make(configure: { $0.push = configuration.push }, clock: clock)
            let jobs = BackgroundJobs(store: app.store, now: clock.source, push: configuration.push, logger: app.logs.logger())
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let token = try await browser.apiLogin().accessToken
                let allow = name != "notAllowed"
                let settings = try await browser.json(
                    .put, "/api/v1/mobile/notifications/settings", #"{"emailCriticalAlerts":\#(allow)}"#, bearer: token)
                #expect(settings.text.contains(#""emailCriticalAlerts":\#(allow)"#))
                _ = try await jobs.runDue()
                _ = try await browser.json(.post, "/api/v1/samples", Self.highRestingHeartRate, bearer: token)
                _ = try await jobs.runDue()
                if name == "opened" {
                    _ = try await browser.json(.post, "/api/v1/mobile/notifications/read-all", bearer: token)
                }
                clock.advance(minutes: 29)
                _ = try await jobs.runDue()
                #expect(try server.messages().isEmpty, "not before 30 minutes")
                clock.advance(minutes: 1)
                _ = try await jobs.runDue()
                let messages = try server.messages()
                guard name == "unseen" else {
                    #expect(messages.isEmpty)
                    return
                }
                let message = try #require(messages.first)
                #expect(messages.count == 1)
                #expect(message.contains("X-RcptTo: ann@example.com"))
                #expect(
                    message.contains(
                        "Subject: =?UTF-8?B?\(Data("Important health alert — open Thrive".utf8).base64EncodedString())?="))
                let body = try #require(message.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").last)
                let text = String(decoding: Data(base64Encoded: body.replacingOccurrences(of: "\n", with: ""))!, as: UTF8.self)
                #expect(text.contains("https://thrive.example.org/notifications"))
                #expect(!text.contains("112") && !text.lowercased().contains("heart"), "no health detail in e-mail")
                _ = try await jobs.runDue()
                #expect(try server.messages().count == 1, "once")
            }
        }
    }
}
