import Foundation
import Testing
import ThriveCore
import ThriveStore

/// A partner's enrollment counts on both engines, kept as the kits move: only the partner's own
/// kits, each stage by the month and quarter its event fell in (in the partner's zone), people
/// counted once per period, turnaround in whole days, findings and this week's completions.
@Suite("A partner's program counted in the store")
struct PartnerStoreTests {
    /// Friday 27 November 2026, noon UTC: the window runs from January 2025 to December 2026.
    static let now = Date(timeIntervalSince1970: 1_795_780_800)
    static func at(_ day: String, hour: Int = 9) -> Date {
        LocalDate(iso8601: day)!.start(in: .gmt).addingTimeInterval(TimeInterval(hour * 3_600))
    }

    @Test(arguments: TestStores.kinds)
    func stagesAreCountedPerMonthQuarterAndWindowForThePartnersKitsOnly(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let partner = try Make.account("partner@example.com")
            let other = try Make.account("other-partner@example.com")
            let people = try (0..<13).map { try Make.account("person-\($0)@example.com") }
            try await store.write { repositories in
                for account in [partner, other] + people { try await repositories.accounts.create(account) }
                try await repositories.creators.grant(.partner, to: partner.id)
                try await repositories.creators.grant(.partner, to: other.id)
                try await repositories.records(of: partner.id).profile.save(
                    Profile(timeZoneIdentifier: "Pacific/Auckland"), at: Self.now)
                let old = try await repositories.testKits.issue(
                    count: 1, batch: "old", for: partner.id, at: Self.at("2024-11-02"), ids: .random)
                _ = try await repositories.records(of: people[12].id).labs.register(old[0], at: Self.at("2024-12-01"), photo: nil)
                let kits = try await repositories.testKits.issue(
                    count: 20, batch: "p", for: partner.id, at: Self.at("2026-10-02"), ids: .random)
                let theirs = try await repositories.testKits.issue(
                    count: 1, batch: "q", for: other.id, at: Self.at("2026-10-02"), ids: .random)
                _ = try await repositories.records(of: people[12].id).labs.register(
                    theirs[0], at: Self.at("2026-10-05"), photo: nil)
                _ = try await repositories.testKits.move(theirs[0], to: .receivedAtLab, at: Self.at("2026-11-10"))
                try await Self.post(
                    Self.result(people[12].id, theirs[0], level: 40, genotype: "ZZ", at: Self.at("2026-11-24")), repositories)
                for (index, person) in people.prefix(12).enumerated() {
                    _ = try await repositories.records(of: person.id).labs.register(
                        kits[index], at: Self.at("2026-10-05"), photo: nil)
                    guard index < 11 else { continue }
                    _ = try await repositories.testKits.move(kits[index], to: .receivedAtLab, at: Self.at("2026-11-10"))
                    let (level, genotype): (Double, String) =
                        index < 3 ? (90, "MZ") : index == 3 ? (56.9, "MM") : index == 4 ? (57, "MM") : (150, "MM")
                    try await Self.post(
                        Self.result(person.id, kits[index], level: level, genotype: genotype, at: Self.at("2026-11-24")),
                        repositories)
                }
                _ = try await repositories.records(of: people[0].id).labs.register(
                    kits[12], at: Self.at("2026-11-03"), photo: nil)
                // Resulted without being marked received: returned too. 12:00 UTC on 30 November is
                // 1 December in Auckland, the partner's zone: December's.
                _ = try await repositories.records(of: people[12].id).labs.register(
                    kits[13], at: Self.at("2026-11-20"), photo: nil)
                try await Self.post(
                    Self.result(people[12].id, kits[13], level: 150, genotype: "MM", at: Self.at("2026-11-30", hour: 12)),
                    repositories)
            }
            let periods = ProgramPeriods(at: Self.now, in: .gmt)
            #expect(periods.months.first?.iso8601 == "2025-01-01" && periods.weekStart.iso8601 == "2026-11-23")
            let counts = try await store.read { try await $0.partners.enrollment(of: partner.id, over: periods) }
            let october = 21
            let november = 22
            #expect(counts[.issued].months[october] == PeopleCount(kits: 20, people: 0))
            #expect(counts[.issued].total.kits == 20)
            #expect(counts[.registered].months[october] == PeopleCount(kits: 12, people: 12))
            #expect(counts[.registered].months[november] == PeopleCount(kits: 2, people: 2))
            // Person 0 registered twice this quarter: two kits, one person.
            #expect(counts[.registered].quarters[7] == PeopleCount(kits: 14, people: 13))
            #expect(counts[.registered].total == PeopleCount(kits: 14, people: 13))
            #expect(counts[.returned].months[november] == PeopleCount(kits: 11, people: 11))
            #expect(counts[.returned].months[23] == PeopleCount(kits: 1, people: 1))
            #expect(counts[.resulted].months[november] == PeopleCount(kits: 11, people: 11))
            #expect(counts[.resulted].months[23] == PeopleCount(kits: 1, people: 1))
            #expect(counts[.resulted].quarters[6] == PeopleCount())
            #expect(counts.completedThisWeek == PeopleCount(kits: 11, people: 11))
            // Three MZ and the level just under 57 mg/dL; 57 itself is not a finding.
            #expect(counts.findings == PeopleCount(kits: 4, people: 4))
            #expect(counts.turnaround[7] == [50: 11, 10: 1])
            let others = try await store.read { try await $0.partners.enrollment(of: other.id, over: periods) }
            #expect(others[.resulted].total == PeopleCount(kits: 1, people: 1) && others.findings.people == 1)
            let listed = try await store.read { try await $0.partners.partners() }
            #expect(listed.map(\.email) == ["other-partner@example.com", "partner@example.com"])
        }
    }

    static func post(_ result: LabResult, _ repositories: Repositories) async throws {
        try await repositories.testKits.post(
            result, report: nil, finding: ProgramFinding.isFinding(result, protective: 57))
    }

    static func result(_ owner: UserID, _ kit: KitNumber, level: Double, genotype: String, at time: Date) -> LabResult {
        LabResult(
            id: LabResultID(UUID()), owner: owner, kit: kit, testDate: LocalDate(time, in: .gmt),
            aat: AATLevel(milligramsPerDeciliter: level), genotype: Genotype(genotype), reportedAt: time)
    }
}
