import Foundation
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport

@testable import ThriveWeb

/// Spec 004: an account nobody uses is warned by the notification center and by e-mail 30 and 7
/// days before its six months are up, then deleted with everything of it; signing in keeps it.
@Suite("Unused accounts")
struct InactivityTests {
    @Test func anUnusedAccountIsWarnedTwiceThenDeletedAndSigningInKeepsIt() async throws {
        try await LocalSMTPServer.run { server in
            let clock = TestClock(Date(timeIntervalSince1970: 1_772_323_200))  // 2026-03-01T00:00:00Z
            let configuration = try AppConfiguration(environment: [
                "THRIVE_SMTP_URL": "smtp://127.0.0.1:\(server.port)", "THRIVE_SMTP_FROM": "thrive@example.org",
            ])
            let app = try await TestApp.make(configure: { $0.push = configuration.push }, clock: clock)
            let check = InactivityCheck(
                store: app.store, now: clock.source, ids: .random,
                email: PushChannels(store: app.store, now: clock.source, configuration: configuration.push).email,
                files: PersonFiles(app.configuration), logger: app.logs.logger())
            try await app.test { browser in
                try await browser.signUp(timeZone: "UTC")
                let bob = browser.fresh()
                try await bob.signUp(email: "bob@example.com", timeZone: "UTC")
                let sixMonths = Date(timeIntervalSince1970: 1_788_220_800)  // 2026-09-01T00:00:00Z
                func exists(_ email: String) async throws -> Bool {
                    try await app.store.read { try await $0.accounts.find(email: try EmailAddress(email)) } != nil
                }
                func warnings(_ email: String) async throws -> [String] {
                    try await app.store.read { repositories in
                        guard let account = try await repositories.accounts.find(email: try EmailAddress(email)) else {
                            return []
                        }
                        return try await repositories.records(of: account.id).notifications
                            .list(since: .distantPast, before: nil, limit: 50)?.filter { $0.kind == .accountNotice }
                            .map(\.key) ?? []
                    }
                }

                clock.advance(seconds: sixMonths.timeIntervalSince(clock.now) - 30 * 86_400 - 1)
                try await check.run()
                #expect(try await warnings("ann@example.com").isEmpty && (try server.messages()).isEmpty)
                clock.advance(seconds: 1)
                try await check.run()
                try await check.run()
                #expect(try await warnings("ann@example.com") == ["inactivity:2026-09-01:30"], "once")
                #expect(try await warnings("bob@example.com") == ["inactivity:2026-09-01:30"])
                let mails = try server.messages()
                #expect(mails.count == 2, "one e-mail each")
                let annsMail = try #require(mails.first { $0.contains("X-RcptTo: ann@example.com") })
                let subject = Data("Your Thrive account will be deleted".utf8).base64EncodedString()
                #expect(annsMail.contains("Subject: =?UTF-8?B?\(subject)?="))
                let text = AccountRecoveryTests.mail(annsMail).text
                #expect(
                    text.contains("will be deleted on 1 Sept 2026") || text.contains("will be deleted on 1 Sep 2026"), "\(text)")
                #expect(text.contains("To keep your account, simply sign in before then."))

                // Bob comes back: his account is his again, and the warnings start over six months on.
                try await bob.logIn(email: "bob@example.com")
                clock.advance(seconds: 23 * 86_400 - 1)
                try await check.run()
                #expect(try await warnings("ann@example.com").count == 1, "not a second early")
                clock.advance(seconds: 1)
                try await check.run()
                #expect(try await warnings("ann@example.com").contains("inactivity:2026-09-01:7"))
                #expect(try server.messages().count == 3, "Ann's last warning only")

                clock.advance(seconds: 7 * 86_400 - 1)
                try await check.run()
                #expect(try await exists("ann@example.com"), "a second before the day")
                clock.advance(seconds: 1)
                try await check.run()
                #expect(try await exists("ann@example.com") == false, "deleted on the day")
                #expect(try await exists("bob@example.com"))
                #expect(app.logs.text.contains("inactive account deleted") && !app.logs.text.contains("ann@example.com"))
            }
        }
    }

    @Test func theOperatorCanTurnItOff() async throws {
        #expect(try AppConfiguration(environment: [:]).inactivityDeletion, "on unless turned off (spec 004)")
        #expect(try AppConfiguration(environment: ["THRIVE_INACTIVITY_DELETION": "off"]).inactivityDeletion == false)
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: ["THRIVE_INACTIVITY_DELETION": "sometimes"])
        }
        let app = try await TestApp.make()
        let on = BackgroundJobs(store: app.store, inactivityDeletion: true, logger: app.logs.logger())
        let off = BackgroundJobs(store: app.store, inactivityDeletion: false, logger: app.logs.logger())
        #expect((on.runner.handlers["dailyTidy"] as? DailyTidy)?.inactivity != nil)
        #expect((off.runner.handlers["dailyTidy"] as? DailyTidy)?.inactivity == nil)
        await app.cleanup()
    }
}
