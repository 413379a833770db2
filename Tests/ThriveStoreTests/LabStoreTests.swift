import Foundation
import Testing
import ThriveCore
import ThriveStore

/// Kits and lab results on both engines: issuing, registering once, the lab posting, keyset pages,
/// and a person's deletion taking their results and label photo but leaving the lab its kit.
@Suite("Test kits and lab results in the store")
struct LabStoreTests {
    @Test(arguments: TestStores.kinds)
    func aKitIsRegisteredOnceResultedAndPagedLatestFirst(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let numbers = try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                return try await repositories.testKits.issue(count: 3, batch: "b1", at: Make.time, ids: .random)
            }
            #expect(Set(numbers).count == 3)
            let photo = (Data([0xFF, 0xD8, 0xFF, 0xE0]), "image/jpeg")
            let first = try await store.write {
                try await $0.records(of: ann.id).labs.register(numbers[0], at: Make.time + 60, photo: photo)
            }
            guard case .registered(let kit) = first else {
                Issue.record("not registered: \(first)")
                return
            }
            #expect(kit.owner == ann.id && kit.status == .registered && kit.history.map(\.status) == [.registered])
            let second = try await store.write {
                try await $0.records(of: bob.id).labs.register(numbers[0], at: Make.time + 120, photo: nil)
            }
            #expect(second == .alreadyRegistered(Make.time + 60))
            let unknown = try await store.write {
                try await $0.records(of: bob.id).labs.register(KitNumber(digits: "0000000000")!, at: Make.time, photo: nil)
            }
            #expect(unknown == .notIssued || numbers.contains(KitNumber(digits: "0000000000")!))

            for (index, number) in numbers.enumerated() {
                if index > 0 {
                    _ = try await store.write {
                        try await $0.records(of: ann.id).labs.register(number, at: Make.time, photo: nil)
                    }
                }
                let result = LabResult(
                    id: LabResultID(UUID()), owner: ann.id, kit: number,
                    testDate: LocalDate(iso8601: "2026-0\(index + 1)-15")!,
                    aat: AATLevel(milligramsPerDeciliter: 100 + Double(index)),
                    genotype: Genotype("MZ"), reportedAt: Make.time + 600, hasReport: index == 0)
                try await store.write {
                    try await $0.testKits.post(result, report: index == 0 ? Data("%PDF-1.7".utf8) : nil, finding: false)
                }
            }
            @Sendable func labs(_ owner: UserID) async throws -> [LabResult] {
                try await store.read { try await $0.records(of: owner).labs.results(after: nil, limit: 2) }
            }
            let page = try await labs(ann.id)
            #expect(page.map { $0.aat?.milligramsPerDeciliter } == [102, 101])
            let rest = try await store.read { try await $0.records(of: ann.id).labs.results(after: page.last, limit: 2) }
            #expect(rest.map(\.testDate.iso8601) == ["2026-01-15"] && rest[0].hasReport && rest[0].genotype?.text == "MZ")
            #expect(try await labs(bob.id).isEmpty)
            let annsReport = try await store.read { try await $0.records(of: ann.id).labs.report(rest[0].id) }
            #expect(annsReport == Data("%PDF-1.7".utf8))
            #expect(try await store.read { try await $0.records(of: bob.id).labs.report(rest[0].id) } == nil)
            #expect(try await store.read { try await $0.testKits.kit(numbers[0]) }?.status == .resultsReady)

            // Across people, for a lab's batch: each one's latest result, and who has a lab alert open.
            let everyone = [ann.id, bob.id]
            let latest = try await store.read { try await $0.labBatches.latestResults(of: everyone) }
            #expect(latest == [ann.id: page[0].id])
            let conditions = SafetyCondition.labConditions.map(\.rawValue)
            #expect(
                try await store.read { try await $0.labBatches.ownersWithOpenAlerts(everyone, conditions: conditions) }.isEmpty)
            let spike = try #require(
                AATInterpretation.finding(
                    latest: LabResult(
                        id: LabResultID(UUID()), owner: ann.id, kit: numbers[0], testDate: LocalDate(iso8601: "2026-03-15")!,
                        aat: AATLevel(milligramsPerDeciliter: 820), genotype: nil, reportedAt: Make.time),
                    thresholds: AATThresholds()))
            _ = try await store.write {
                try await $0.records(of: ann.id).alerts.record(
                    [spike], within: SafetyCondition.labConditions, at: Make.time, ids: .random)
            }
            #expect(
                try await store.read { try await $0.labBatches.ownersWithOpenAlerts(everyone, conditions: conditions) }
                    == [ann.id])

            #expect(try await store.write { try await $0.accounts.delete(ann.id) })
            let kept = try await store.read { try await $0.testKits.kit(numbers[0]) }
            #expect(kept != nil && kept?.owner == nil, "the lab keeps its kit, no longer anyone's")
            #expect(try await labs(ann.id).isEmpty)
        }
    }

    /// A link is found by its secret's hash alone, lists its openings to its owner only, is revoked
    /// once, and goes with its owner.
    @Test(arguments: TestStores.kinds)
    func aShareIsFoundByItsHashListedRevokedAndDeletedWithItsOwner(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let chosen = [LabResultID(UUID()), LabResultID(UUID())]
            let share = LabShare(
                id: LabShareID(UUID()), owner: ann.id, label: "Dr. Weber", results: chosen, createdAt: Make.time,
                expiresAt: Make.time + 7 * 86_400)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.records(of: ann.id).labShares.create(share, tokenHash: "hash-1")
                try await repositories.records(of: ann.id).labShares.create(
                    LabShare(
                        id: LabShareID(UUID()), owner: ann.id, label: nil, results: nil, createdAt: Make.time + 60,
                        expiresAt: Make.time + 86_400), tokenHash: "hash-2")
            }
            // One function for every lookup: closures that differ only in a string literal were seen to
            // run each other's literal under Swift 6.3's debug build (a lookup of "hash-3" found "hash-1").
            @Sendable func lookUp(_ hash: String) async throws -> LabShare? {
                try await store.read { try await $0.labShareLinks.share(tokenHash: hash) }
            }
            let found = try #require(try await lookUp("hash-1"))
            #expect(found.owner == ann.id && found.label == "Dr. Weber" && Set(found.results ?? []) == Set(chosen))
            #expect(try await lookUp("hash-3") == nil)
            try await store.write { repositories in
                try await repositories.labShareLinks.recordView(found, kind: .page, at: Make.time + 100)
                try await repositories.labShareLinks.recordView(found, kind: .fhir, at: Make.time + 200)
            }
            let listed = try await store.read { try await $0.records(of: ann.id).labShares.shares() }
            #expect(listed.map(\.label) == [nil, "Dr. Weber"], "newest first")
            #expect(listed[1].views.map(\.kind) == [.fhir, .page], "latest opening first")
            #expect(listed[1].results.map(Set.init) == Set(chosen) && listed[0].results == nil)
            #expect(try await store.read { try await $0.records(of: bob.id).labShares.shares() }.isEmpty)
            #expect(try await store.write { try await $0.records(of: bob.id).labShares.revoke(share.id, at: Make.time) } == false)
            #expect(try await store.write { try await $0.records(of: ann.id).labShares.revoke(share.id, at: Make.time + 300) })
            #expect(
                try await store.write { try await $0.records(of: ann.id).labShares.revoke(share.id, at: Make.time + 400) }
                    == false)
            let ended = try #require(try await lookUp("hash-1"))
            let revokedAt = try #require(ended.revokedAt)
            #expect(abs(revokedAt.timeIntervalSince(Make.time + 300)) < 0.001, "to the millisecond, as stored")
            #expect(ended.state(at: Make.time + 301) == .revoked)
            _ = try await store.write { try await $0.accounts.delete(ann.id) }
            #expect(try await lookUp("hash-2") == nil)
        }
    }
}
