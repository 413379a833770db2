import Foundation
import HTTPTypes
import SQLKit
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport

@testable import ThriveWeb

/// Deleting one's own account: fourteen days of cooling-off in which signing in keeps it, a
/// reminder by e-mail two days before the end, then nothing of the person left in any table or
/// file.
@Suite("Deleting an account")
struct AccountDeletionTests {
    @Test func theAccountGoesFourteenDaysLaterToTheSecondWithAReminderTwoDaysBefore() async throws {
        try await AccountRecoveryTests.withMail { server, clock, jobs, browser in
            try await browser.signUp()
            let start = clock.now
            let page = try await browser.get("/profile/data/delete")
            let zone = TimeZone(identifier: "Europe/Berlin")!
            let day = DisplayFormat.date(start + AccountDeletion.coolingOff, in: zone)
            #expect(page.text.contains("Your account and its data go on \(day)."))

            let unticked = try await browser.post("/profile/data/delete", form: [("password", "correct-horse-9")])
            #expect(unticked.status == .unprocessableContent)
            #expect(unticked.text.contains("Tick the box to confirm that you understand."))
            let wrong = try await browser.post(
                "/profile/data/delete", form: [("password", "wrong-one-1"), ("understood", "yes")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains(#"id="password-error""#))
            let phone = browser.fresh()
            try await phone.logIn()

            let asked = try await browser.post(
                "/profile/data/delete", form: [("password", "correct-horse-9"), ("understood", "yes")])
            #expect(asked.status == .ok)
            #expect(asked.text.contains("Your account will be deleted"))
            #expect(asked.text.contains(day))
            #expect(try await browser.get("/profile").location?.hasPrefix("/login") == true, "signed out here")
            #expect(try await phone.get("/profile").location?.hasPrefix("/login") == true, "and on every other device")

            clock.advance(seconds: AccountDeletion.coolingOff - AccountDeletion.reminderBefore - 1)
            _ = try await jobs.runDue()
            #expect(try server.messages().isEmpty, "no reminder before twelve days")
            clock.advance(seconds: 1)
            _ = try await jobs.runDue()
            let reminders = try server.messages().map(AccountRecoveryTests.mail)
            #expect(reminders.count == 1)
            #expect(reminders.first?.to == "ann@example.com")
            #expect(reminders.first?.text.contains("will be deleted on \(day)") == true)

            clock.advance(seconds: AccountDeletion.reminderBefore - 1)
            _ = try await jobs.runDue()
            #expect(try await browser.fresh().get("/login").status == .ok)
            let kept = try await jobs.runner.store.read { try await $0.accounts.find(email: EmailAddress("ann@example.com")) }
            #expect(kept != nil, "13 days, 23:59:59: still there")
            clock.advance(seconds: 1)
            _ = try await jobs.runDue()
            let gone = try await jobs.runner.store.read { try await $0.accounts.find(email: EmailAddress("ann@example.com")) }
            #expect(gone == nil, "14 days: deleted")
        }
    }

    @Test func signingInWithinTheFourteenDaysKeepsTheAccount() async throws {
        try await AccountRecoveryTests.withMail { server, clock, jobs, browser in
            try await browser.signUp()
            try await browser.get("/profile/data/delete")
            try await browser.post("/profile/data/delete", form: [("password", "correct-horse-9"), ("understood", "yes")])
            clock.advance(minutes: 60 * 24 * 10)
            let back = try await browser.logIn()
            #expect(back.location == "/profile/data?done=deletionCancelled")
            #expect(try await browser.get(back.location!).text.contains("Welcome back. Your account will not be deleted."))
            clock.advance(minutes: 60 * 24 * 10)
            _ = try await jobs.runDue()
            #expect(try server.messages().isEmpty, "no reminder for a cancelled deletion")
            let kept = try await jobs.runner.store.read { try await $0.accounts.find(email: EmailAddress("ann@example.com")) }
            #expect(kept != nil, "still here after 20 days")
        }
    }

    @Test func appsAskThroughTheAPIAndTheirTokensEnd() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let tokens = try await browser.fresh().apiLogin()
            let api = browser.fresh()
            let wrong = try await api.json(
                .post, "/api/v1/account/deletion", #"{"password":"nope-12345"}"#, bearer: tokens.accessToken)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.error?.field == "password")
            let asked = try await api.json(
                .post, "/api/v1/account/deletion", #"{"password":"correct-horse-9"}"#, bearer: tokens.accessToken)
            #expect(asked.status == .accepted, "\(asked.text)")
            #expect(asked.text.contains(#""deleteAt""#))
            #expect(try await api.json(.get, "/api/v1/me", bearer: tokens.accessToken).status == .unauthorized)
            // Signing in again through the API keeps the account too.
            _ = try await browser.fresh().apiLogin()
            let waiting = try await app.store.read { repositories in
                try await repositories.accountDeletions.find(for: try #require(try await repositories.accounts.all().first).id)
            }
            #expect(waiting == nil)
        }
    }

    /// The demo person holds data in nearly every table; with a session, a passkey, a lock, a
    /// deletion waiting and an uploaded export besides, erasing them leaves no row in any table
    /// that names a person, and no file.
    @Test func nothingOfAnErasedPersonIsLeftInAnyTableOrFile() async throws {
        let app = try await TestApp.make()
        do {
            let seeder = DemoSeeder(store: app.store, hasher: TestApp.hasher, now: app.clock.source, ids: .random)
            let demo = try await seeder.ensure(refresh: true, timeZone: TimeZone(identifier: "UTC")!).account
            let other = try await seeder.ensure(refresh: false, timeZone: TimeZone(identifier: "UTC")!).account
            #expect(demo.id == other.id)
            let bob = Account(
                id: UserID(UUID()), email: try EmailAddress("bob@example.com"), passwordHash: "x", createdAt: app.clock.now)
            let importID = DataImportID(UUID())
            try await app.store.write { repositories in
                try await repositories.accounts.create(bob)
                for person in [demo.id, bob.id] {
                    try await repositories.sessions.create(
                        WebSession(
                            tokenHash: "s-\(person)", userID: person, csrfToken: "c", createdAt: app.clock.now,
                            lastSeenAt: app.clock.now))
                    try await repositories.appLocks.save(AppLock(idleMinutes: 5, pinHash: "h"), for: person, at: app.clock.now)
                    try await repositories.passkeys.add(
                        Passkey(
                            credentialID: "k-\(person)", userID: person, name: "Phone", publicKey: "pk", signCount: 0,
                            createdAt: app.clock.now))
                    try await repositories.knownDevices.remember(tokenHash: "d-\(person)", for: person, at: app.clock.now)
                }
                try await repositories.accountDeletions.request(AccountDeletion(requestedAt: app.clock.now), for: demo.id)
                try await repositories.records(of: demo.id).imports.save(
                    DataImport(id: importID, source: .appleHealth, fileName: "export.zip", fileBytes: 4, createdAt: app.clock.now)
                )
            }
            let files = ImportFiles(folder: app.configuration.importFolder, limit: .max)
            try FileManager.default.createDirectory(at: app.configuration.importFolder, withIntermediateDirectories: true)
            try Data("PK..".utf8).write(to: files.url(importID))

            let columns = try await Self.personColumns(app.store)
            #expect(columns.count >= 30, "every table that names a person: \(columns.map(\.table))")
            let before = try await Self.rows(of: demo.id, in: columns, app.store)
            #expect(before.filter { $0.value > 0 }.count >= 20, "the demo person is in most tables: \(before)")

            #expect(try await AccountErasure.erase(demo.id, store: app.store, files: PersonFiles(app.configuration)))
            let after = try await Self.rows(of: demo.id, in: columns, app.store)
            #expect(after.values.allSatisfy { $0 == 0 }, "left behind: \(after.filter { $0.value > 0 })")
            #expect(!FileManager.default.fileExists(atPath: files.url(importID).path), "the uploaded export is gone")
            let bobs = try await Self.rows(of: bob.id, in: columns, app.store)
            #expect(bobs.values.reduce(0, +) >= 5, "another person keeps theirs")
            #expect(
                try await AccountErasure.erase(demo.id, store: app.store, files: PersonFiles(app.configuration)) == false)
        } catch {
            await app.cleanup()
            throw error
        }
        await app.cleanup()
    }

    static let personColumnNames: Set = ["owner_id", "user_id", "member_id", "creator_id"]
    /// Names the creator's space a member earned a badge in: the member's row, kept.
    static let keptByOthers = "creator_badge_awards.creator_id"

    /// Every column in the schema that holds a person's id, found by reading the schema itself (so
    /// a table added later is held to this too).
    static func personColumns(_ store: Store) async throws -> [(table: String, column: String)] {
        try await store.database.read { sql in
            let tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
                .map { try $0.decode(column: "name", as: String.self) }
            var found: [(String, String)] = []
            for table in tables.sorted() {
                let names = try await sql.raw("SELECT name FROM pragma_table_info(\(bind: table))").all()
                    .map { try $0.decode(column: "name", as: String.self) }
                for name in names where personColumnNames.contains(name) && "\(table).\(name)" != keptByOthers {
                    found.append((table, name))
                }
            }
            return found
        }
    }

    static func rows(of person: UserID, in columns: [(table: String, column: String)], _ store: Store) async throws
        -> [String: Int]
    {
        try await store.database.read { sql in
            var counts: [String: Int] = [:]
            for (table, column) in columns {
                let row = try await sql.raw(
                    "SELECT COUNT(*) AS n FROM \(ident: table) WHERE \(ident: column) = \(bind: person.rawValue)"
                )
                .first()
                counts["\(table).\(column)"] = try row?.decode(column: "n", as: Int.self) ?? 0
            }
            let user = try await sql.raw("SELECT COUNT(*) AS n FROM users WHERE id = \(bind: person.rawValue)").first()
            counts["users.id"] = try user?.decode(column: "n", as: Int.self) ?? 0
            return counts
        }
    }
}
