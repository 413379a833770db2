import Foundation
import Testing
import ThriveCore
import ThriveSync
import ThriveWeb

/// A test kit scanned while offline (spec 001's "Queued for sync when online") reaches the server
/// through the sync protocol: registered at the time it was scanned, once, and refused in the spec's
/// words when it is not a kit or someone else registered it first.
@Suite("Test kits registered offline")
struct TestKitSyncTests {
    static func change(_ barcode: String, madeAt: String = "2026-11-23T09:00:00Z") -> SyncChange {
        SyncChange(
            id: UUID(), kind: .testKit, recordID: UUID(), operation: .upsert, baseVersion: nil,
            fields: .object(["barcode": .string(barcode)]), madeAt: ISO8601DateFormatter().date(from: madeAt)!)
    }

    struct KitsJSON: Decodable {
        struct Kit: Decodable {
            let barcode: String
            let registeredAt: Date?
        }
        let kits: [Kit]
    }

    @Test func aQueuedKitIsRegisteredOnceAtTheTimeItWasScanned() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitCheckInSyncTests.monday))
        try await app.test { browser in
            let phone = try await SyncDevice.signedUp(browser)
            let lab = try await LabResultsTests.lab(browser, app: app)
            let kits = try await LabResultsTests.issue(lab, 2)
            let bob = try await HabitsAPITests.Person.make(browser.fresh(), email: "bob@example.com")
            let bobs = try await bob.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kits[1])"}"#)
            #expect(bobs.status == .created)

            let first = try await phone.sync([Self.change(kits[0].lowercased())])
            #expect(first.results.map(\.status) == [.applied])
            let mine = try await browser.json(.get, "/api/v1/test-kits", bearer: phone.token).decode(KitsJSON.self).kits
            #expect(mine.map(\.barcode) == [kits[0]])
            #expect(mine.first?.registeredAt == ISO8601DateFormatter().date(from: "2026-11-23T09:00:00Z"), "when scanned")

            let again = try await phone.sync([Self.change(kits[0], madeAt: "2026-11-23T09:05:00Z")])
            #expect(again.results.map(\.status) == [.duplicate], "a batch sent twice registers once")

            let refused = try await phone.sync([
                Self.change(kits[1]), Self.change("FU-KIT-2025110701-2"), Self.change("FU-KIT-2025110701-3"),
            ])
            #expect(refused.results.map(\.status) == [.rejected, .rejected, .rejected])
            #expect(
                refused.results.map(\.message) == [
                    "This kit is already registered on 23 Nov 2026", "Not a Fair Underwriting test kit. Please check barcode.",
                    "Not a Fair Underwriting test kit. Please check barcode.",
                ])
            #expect(refused.results.allSatisfy { $0.field == "barcode" })
            // Kits are the lab's records: nothing comes back in a pull.
            #expect(try await phone.sync().changes.allSatisfy { $0.kind != .testKit })
        }
    }
}
