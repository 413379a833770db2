import Foundation
import Testing
import ThriveCore

@testable import ThriveSync

@Suite("Conflict rules")
struct ConflictRulesTests {
    static let record = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!
    static let mine: JSONValue = .object(["mood": .number(4), "note": .string("after the run")])
    static let theirs: JSONValue = .object(["mood": .number(2), "note": .string("tired")])

    static func change(
        _ operation: SyncChange.Operation, base: Int64?, resolution: SyncChange.Resolution? = nil
    ) -> SyncChange {
        SyncChange(
            id: UUID(), kind: .moodCheckIn, recordID: record, operation: operation, baseVersion: base,
            fields: operation == .upsert ? mine : nil, madeAt: Date(timeIntervalSince1970: 1_800_000_000),
            resolution: resolution)
    }

    /// Every case a device meets, with what must happen.
    static let cases: [(String, SyncChange, ServerState, SyncDecision)] = [
        ("a new record", change(.upsert, base: nil), .absent, .apply(setAsideServer: false)),
        (
            "an edit of the version the server holds", change(.upsert, base: 7),
            ServerState(version: 7, deleted: false, fields: theirs), .apply(setAsideServer: false)
        ),
        (
            "an edit of an older version", change(.upsert, base: 5),
            ServerState(version: 7, deleted: false, fields: theirs), .conflict
        ),
        (
            "a new record whose ID the server already holds", change(.upsert, base: nil),
            ServerState(version: 7, deleted: false, fields: theirs), .conflict
        ),
        (
            "an older edit the server already holds word for word", change(.upsert, base: 5),
            ServerState(version: 7, deleted: false, fields: mine), .unchanged
        ),
        (
            "an edit of a record deleted since", change(.upsert, base: 5),
            ServerState(version: 9, deleted: true, fields: nil), .deletedOnServer
        ),
        (
            "a creation resent after someone deleted it", change(.upsert, base: nil),
            ServerState(version: 9, deleted: true, fields: nil), .deletedOnServer
        ),
        (
            "bringing back a record after seeing its deletion", change(.upsert, base: 9),
            ServerState(version: 9, deleted: true, fields: nil), .apply(setAsideServer: false)
        ),
        (
            "keep mine, against the version shown", change(.upsert, base: 7, resolution: .keepDevice),
            ServerState(version: 7, deleted: false, fields: theirs), .apply(setAsideServer: true)
        ),
        (
            "keep mine, but the server changed again", change(.upsert, base: 7, resolution: .keepDevice),
            ServerState(version: 8, deleted: false, fields: theirs), .conflict
        ),
        (
            "a merge against the version shown", change(.upsert, base: 7, resolution: .merged),
            ServerState(version: 7, deleted: false, fields: theirs), .apply(setAsideServer: true)
        ),
        (
            "keep the server's", change(.upsert, base: 7, resolution: .keepServer),
            ServerState(version: 7, deleted: false, fields: theirs), .keepServer
        ),
        (
            "deleting the version the server holds", change(.delete, base: 7),
            ServerState(version: 7, deleted: false, fields: theirs), .apply(setAsideServer: false)
        ),
        (
            "deleting a record edited since: the deletion wins, the edit is kept",
            change(.delete, base: 5), ServerState(version: 7, deleted: false, fields: theirs),
            .apply(setAsideServer: true)
        ),
        (
            "deleting what is already deleted", change(.delete, base: 5),
            ServerState(version: 9, deleted: true, fields: nil), .unchanged
        ),
        ("deleting what never reached the server", change(.delete, base: nil), .absent, .unchanged),
    ]

    @Test(arguments: cases.indices)
    func decidesEveryCase(_ index: Int) {
        let (name, change, server, expected) = Self.cases[index]
        let incoming = change.operation == .upsert ? change.fields : nil
        #expect(ConflictRules.decide(change, incoming: incoming, server: server) == expected, "\(name)")
    }

    @Test func everyKindHasAStrategyAndOnlyEntriesMerge() {
        #expect(ChangeKind.moodCheckIn.conflictStrategy == .keepBothOrAsk)
        #expect(ChangeKind.weighIn.conflictStrategy == .keepBothOrAsk)
        #expect(ChangeKind.settings.conflictStrategy == .serverWinsPerField)
        #expect(ChangeKind.goals.conflictStrategy == .serverWinsPerField)
        #expect(ChangeKind.samples.conflictStrategy == .serverOnly)
        #expect(ChangeKind.profile.conflictStrategy == .serverOnly)
        let merging = ChangeKind.allCases.filter(\.mergesFieldByField)
        #expect(Set(merging) == [.moodCheckIn, .meal, .workout, .sleep])
        #expect(merging.allSatisfy { $0.conflictStrategy == .keepBothOrAsk })
    }
}

@Suite("Field by field")
struct FieldMergeTests {
    @Test func theServerKeepsFieldsItChangedAndTheDeviceWinsTheRest() {
        let device: [String: JSONValue] = [
            "display.theme": .string("dark"), "display.textSize": .string("large"),
            "notifications.categories.insights": .bool(false),
        ]
        let result = FieldMerge.serverWinsPerField(
            device: device, serverChangedSinceBase: ["display.theme", "notifications.categories"])
        #expect(result.overruled == ["display.theme", "notifications.categories.insights"])
        #expect(result.apply == ["display.textSize": .string("large")])
    }

    @Test func theLaterCheckInWinsWhicheverArrivesFirst() {
        let morning = Date(timeIntervalSince1970: 1_800_000_000)
        let evening = morning.addingTimeInterval(10 * 3_600)
        #expect(FieldMerge.later(("done", evening), ("skipped", morning)) == "done")
        #expect(FieldMerge.later(("skipped", morning), ("done", evening)) == "done")
        #expect(FieldMerge.later(("server", morning), ("device", morning)) == "device")
    }

    struct Message: Identifiable, Equatable {
        let id: Int
        let at: Date
    }

    @Test func messagesFromBothSidesAreAllKeptOnceInTimeOrder() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let server = [Message(id: 1, at: start), Message(id: 3, at: start.addingTimeInterval(30))]
        let device = [Message(id: 2, at: start.addingTimeInterval(10)), Message(id: 3, at: start.addingTimeInterval(30))]
        #expect(FieldMerge.appendAll(server, device, time: \.at).map(\.id) == [1, 2, 3])
    }
}
