import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveSync
import ThriveWeb

/// Habit check-ins made offline reach the server through the sync protocol, and of two check-ins
/// of the same day the one made later wins, in whichever order they arrive.
@Suite("Habit check-ins through sync")
struct HabitCheckInSyncTests {
    static let monday = ISO8601DateFormatter().date(from: "2026-11-23T12:00:00Z")!

    static func change(_ habit: String, _ action: String, madeAt: String, day: String = "2026-11-23", recordID: UUID? = nil)
        -> SyncChange
    {
        let id = HabitID(habit)!
        return SyncChange(
            id: UUID(), kind: .habitCheckIn,
            recordID: recordID ?? HabitCheckIn.syncID(habit: id, day: LocalDate(iso8601: day)!), operation: .upsert,
            baseVersion: nil,
            fields: .object(["habitId": .string(habit), "day": .string(day), "action": .string(action)]),
            madeAt: ISO8601DateFormatter().date(from: madeAt)!)
    }

    struct HabitsJSON: Decodable {
        struct Habit: Decodable {
            struct Today: Decodable { let outcome: String }
            let today: Today
        }
        let habits: [Habit]
    }

    @Test func theLaterCheckInWinsWhicheverArrivesFirst() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.monday))
        try await app.test { browser in
            let phone = try await SyncDevice.signedUp(browser)
            let created = try await browser.json(.post, "/api/v1/habits", #"{"name":"Walk"}"#, bearer: phone.token)
            struct Created: Decodable { let id: String }
            let walk = try created.decode(Created.self).id
            func outcome() async throws -> String? {
                try await browser.json(.get, "/api/v1/habits", bearer: phone.token).decode(HabitsJSON.self).habits.first?.today
                    .outcome
            }

            // The phone was offline at 09:00 and tapped Done; it syncs now.
            let done = try await phone.sync([Self.change(walk, "done", madeAt: "2026-11-23T09:00:00Z")])
            #expect(done.results.first?.status == .applied)
            #expect(try await outcome() == "done")

            // A laptop's Skip made at 08:30 arrives later: the earlier tap loses, the laptop is told
            // (a conflict the rule settled) and the Skip is kept in the conflict history.
            let skip = Self.change(walk, "skip", madeAt: "2026-11-23T08:30:00Z")
            let older = try await phone.sync([skip])
            #expect(older.results.first?.status == .conflict)
            #expect(older.results.first?.final == true)
            #expect(older.results.first?.server?.fields?.object?["state"] == .string("done"))
            #expect(try await outcome() == "done")
            let history = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                return try await repositories.records(of: owner).conflictHistory.versions(.habitCheckIn, recordID: skip.recordID)
            }
            #expect(history.map(\.reason) == ["madeEarlier"])
            #expect(history.first?.side == .device)
            #expect(history.first?.body.object?["action"] == .string("skip"))

            // A clear made at 10:00 is later than Done: it wins.
            _ = try await phone.sync([Self.change(walk, "clear", madeAt: "2026-11-23T10:00:00Z")])
            #expect(try await outcome() == "pending")

            // A tap on the web page is logged for devices to pull, with the day as it stands.
            _ = try await browser.json(.post, "/api/v1/habits/\(walk)/checkins", #"{"action":"skip"}"#, bearer: phone.token)
            let pulled = try await phone.pullAll().filter { $0.kind == .habitCheckIn }
            let day = HabitCheckIn.syncID(habit: HabitID(walk)!, day: LocalDate(year: 2026, month: 11, day: 23)!)
            #expect(pulled.map(\.recordID) == [day], "one record per habit and day, the newest state")
            #expect(pulled.first?.fields?.object?["state"] == .string("skipped"))

            let wrong = try await phone.sync([Self.change(walk, "done", madeAt: "2026-11-23T11:00:00Z", recordID: UUID())])
            #expect(wrong.results.first?.status == .rejected)
            #expect(wrong.results.first?.field == "recordID")
            let unknown = try await phone.sync([
                Self.change("00000000-0000-0000-0000-000000000009", "done", madeAt: "2026-11-23T11:00:00Z")
            ])
            #expect(unknown.results.first?.status == .rejected)
        }
    }

    @Test func theDayNumberFoldsIntoTheHabitsID() {
        let habit = HabitID(UUID(uuidString: "01234567-89AB-7DEF-8123-456789ABCDEF")!)
        let day = LocalDate(year: 2026, month: 11, day: 23)!  // day 20,780 = 0x0000512C
        #expect(HabitCheckIn.syncID(habit: habit, day: day).uuidString == "01234567-89AB-7DEF-8123-456789AB9CC3")
        #expect(HabitCheckIn.syncID(habit: habit, day: day.adding(days: 1)) != HabitCheckIn.syncID(habit: habit, day: day))
    }
}
