import Foundation
import ThriveCore
import ThriveStore

/// Creates (or re-creates) the demo person with generated data, in one transaction: either the whole
/// demo person is there, or nothing is.
public struct DemoSeeder: Sendable {
    let store: Store
    let hasher: any PasswordHasher
    let now: Now
    let ids: IDGenerator

    public init(store: Store, hasher: any PasswordHasher, now: Now = .system, ids: IDGenerator = .random) {
        self.store = store
        self.hasher = hasher
        self.now = now
        self.ids = ids
    }

    public struct Outcome: Sendable {
        public let account: Account
        /// `false` when the demo person already existed and was left as it was.
        public let created: Bool
        public let recordCount: Int
    }

    /// Makes sure the demo person exists. With `refresh`, an existing demo person and all their data
    /// are replaced by a fresh set ending today.
    public func ensure(
        refresh: Bool, scale: DemoScale = .standard, timeZone: TimeZone = .current,
        progress: (@Sendable (_ daysDone: Int, _ totalDays: Int) -> Void)? = nil
    ) async throws -> Outcome {
        if !refresh, let existing = try await store.read({ try await $0.accounts.find(email: DemoPerson.email) }) {
            try await ensureLab()
            try await ensurePartner(timeZone: timeZone)
            _ = try await ensureCounselor(timeZone: timeZone)
            return Outcome(account: existing, created: false, recordCount: 0)
        }
        let time = now()
        let generator = DemoDataGenerator(
            scale: scale, lastDay: LocalDate(time, in: timeZone), timeZone: timeZone, ids: ids, notAfter: time)
        let account = Account(
            id: ids.make(), email: DemoPerson.email, passwordHash: await hasher.hash(DemoPerson.password), createdAt: time)
        let count = try await store.write { repositories in
            if let existing = try await repositories.accounts.find(email: DemoPerson.email) {
                _ = try await repositories.accounts.delete(existing.id)
            }
            try await repositories.accounts.create(account)
            let records = repositories.records(of: account.id)
            var pending = HealthRecords()
            var total = 0
            for (index, day) in generator.days().enumerated() {
                pending.append(day.records)
                if pending.count >= 50_000 || index == generator.dayCount - 1 {
                    try await records.store(pending)
                    total += pending.count
                    pending = HealthRecords()
                    progress?(index + 1, generator.dayCount)
                }
            }
            let habits = DemoHabits(scale: scale, today: generator.lastDay, timeZone: timeZone, ids: ids, createdAt: time)
            try await Self.seedHabits(habits, today: generator.lastDay, records: records)
            // The badges their history earned, each on the day it was reached.
            try await AchievementService.evaluate(records, today: generator.lastDay)
            var preferences = PlanPreferences()
            preferences.activity = .light
            preferences.goal = .lose
            preferences.targetRateKilogramsPerWeek = 0.25
            preferences.training = TrainingPreferences(emphasis: .hybrid, sessionsPerWeek: 4, sessionMinutes: 60)
            preferences.startedOn = generator.firstDay
            preferences.lastAdjustmentCheck = time
            try await records.documents.save(preferences, at: time)
            var onboarding = OnboardingProgress.completed(at: time, consentVersion: ConsentTerms.version)
            onboarding.details = HealthDetails(goals: [.weightLoss, .generalFitness])
            try await records.documents.save(onboarding, at: time)
            // The demo person met their coach already: the Coach tab opens on the conversation.
            var coaching = CoachingStart()
            coaching.welcomed = true
            coaching.goal = .exercise
            coaching.approach = .startSmall
            coaching.habits = ["walk"]
            coaching.reminders = CoachingStart.Reminders()
            // Coaching began with the first habits, months ago, not today.
            let began = habits.habits.map(\.startedOn).min() ?? generator.lastDay
            coaching.completedAt = began.start(in: timeZone).addingTimeInterval(9 * 3_600)
            try await records.documents.save(coaching, at: time)
            let weight = try await records.quantitySamples.latest(of: .bodyMass)
            try await records.profile.save(
                DemoPerson.profile(
                    timeZoneIdentifier: timeZone.identifier, latestWeight: weight.map { Mass(kilograms: $0.value) }),
                at: time)
            try await Self.seedLabs(
                DemoLabResults(lastDay: generator.lastDay), owner: account.id, in: repositories, zone: timeZone, at: time,
                ids: ids)
            return total
        }
        try await ensureLab()
        try await ensurePartner(timeZone: timeZone)
        try await seedCounseling(account.id, counselor: try await ensureCounselor(timeZone: timeZone))
        return Outcome(account: account, created: true, recordCount: count)
    }

    /// The demo lab's account, with the lab role, made once.
    func ensureLab() async throws {
        guard try await store.read({ try await $0.accounts.find(email: DemoPerson.labEmail) }) == nil else { return }
        let lab = Account(
            id: ids.make(), email: DemoPerson.labEmail, passwordHash: await hasher.hash(DemoPerson.password), createdAt: now())
        try await store.write { repositories in
            try await repositories.accounts.create(lab)
            try await repositories.creators.grant(.lab, to: lab.id)
        }
    }

    /// The demo counselor's account, with the counselor role, made once.
    func ensureCounselor(timeZone: TimeZone) async throws -> UserID {
        if let existing = try await store.read({ try await $0.accounts.find(email: DemoPerson.counselorEmail) }) {
            return existing.id
        }
        let time = now()
        let counselor = Account(
            id: ids.make(), email: DemoPerson.counselorEmail, passwordHash: await hasher.hash(DemoPerson.password),
            createdAt: time)
        try await store.write { repositories in
            try await repositories.accounts.create(counselor)
            try await repositories.creators.grant(.counselor, to: counselor.id)
            try await repositories.records(of: counselor.id).profile.save(
                Profile(displayName: DemoPerson.counselorName, timeZoneIdentifier: timeZone.identifier), at: time)
        }
        return counselor.id
    }

    /// The demo person asked their counselor about their genotype two days ago and had an answer.
    func seedCounseling(_ person: UserID, counselor: UserID) async throws {
        let time = now()
        let ids = self.ids
        try await store.write { repositories in
            try await repositories.counseling.assign(
                CounselorAssignment(person: person, counselor: counselor, assignedAt: time.addingTimeInterval(-3 * 86_400)))
            for (index, line) in DemoCounseling.conversation.enumerated() {
                let asked = index % 2 == 0
                try await repositories.counseling.post(
                    CounselorMessage(
                        id: CounselorMessageID(ids.uuid()), owner: person, author: asked ? .person : .counselor,
                        counselor: asked ? nil : counselor, counselorName: asked ? nil : DemoPerson.counselorName, text: line,
                        createdAt: time.addingTimeInterval(Double(index - 4) * 86_400 / 2),
                        readAt: time.addingTimeInterval(Double(index - 3) * 86_400 / 2)))
            }
        }
    }

    /// The demo person's kits and results: every quarterly test registered a few days before its
    /// sample and resulted a few days after; one kit at the lab now; and unregistered kits.
    static func seedLabs(
        _ demo: DemoLabResults, owner: UserID, in repositories: Repositories, zone: TimeZone, at time: Date, ids: IDGenerator
    ) async throws {
        let first = demo.tests.first.map { $0.date.start(in: zone) } ?? time
        let numbers = try await repositories.testKits.issue(
            count: demo.tests.count + 1 + DemoLabResults.spareKits, batch: "demo-lab", at: first.addingTimeInterval(-30 * 86_400),
            ids: ids)
        let labs = repositories.records(of: owner).labs
        for (test, number) in zip(demo.tests, numbers) {
            let taken = test.date.start(in: zone).addingTimeInterval(9 * 3_600)
            _ = try await labs.register(number, at: taken.addingTimeInterval(-3 * 86_400), photo: nil)
            _ = try await repositories.testKits.move(number, to: .shipped, at: taken)
            _ = try await repositories.testKits.move(number, to: .receivedAtLab, at: taken.addingTimeInterval(2 * 86_400))
            try await repositories.testKits.post(
                LabResult(
                    id: LabResultID(ids.uuid()), owner: owner, kit: number, testDate: test.date,
                    aat: AATLevel(milligramsPerDeciliter: test.milligramsPerDeciliter), genotype: demo.genotype,
                    reportedAt: taken.addingTimeInterval(5 * 86_400)),
                report: nil, finding: false)
        }
        let atLab = numbers[demo.tests.count]
        _ = try await labs.register(atLab, at: time.addingTimeInterval(-7 * 86_400), photo: nil)
        _ = try await repositories.testKits.move(atLab, to: .shipped, at: time.addingTimeInterval(-6 * 86_400))
        _ = try await repositories.testKits.move(atLab, to: .receivedAtLab, at: time.addingTimeInterval(-3 * 86_400))
        _ = try await repositories.testKits.move(atLab, to: .processing, at: time.addingTimeInterval(-86_400))
    }

    /// The habits with their check-ins, each streak kept through yesterday as check-ins keep it.
    static func seedHabits(_ demo: DemoHabits, today: LocalDate, records: PersonalRecords) async throws {
        let byHabit = Dictionary(grouping: demo.checkIns, by: \.habitID)
        for habit in demo.habits {
            let checkIns = byHabit[habit.id] ?? []
            try await records.habits.save(
                TrackedHabit(
                    habit: habit, streak: HabitStreak.computed(habit, through: today.adding(days: -1), checkIns: checkIns)))
            try await records.habits.record(checkIns)
        }
    }
}

extension DemoSeeder {
    /// The demo partner's account (same password as the demo person) and their program's invented
    /// members, kits and results, made once.
    func ensurePartner(timeZone: TimeZone) async throws {
        guard try await store.read({ try await $0.accounts.find(email: DemoPartnerProgram.email) }) == nil else { return }
        let time = now()
        let partner = Account(
            id: ids.make(), email: DemoPartnerProgram.email, passwordHash: await hasher.hash(DemoPerson.password),
            createdAt: time)
        let demo = DemoPartnerProgram()
        let ids = self.ids
        try await store.write { repositories in
            try await repositories.accounts.create(partner)
            try await repositories.creators.grant(.partner, to: partner.id)
            let records = repositories.records(of: partner.id)
            try await records.profile.save(
                Profile(displayName: "Acme Health", unitSystem: .metric, timeZoneIdentifier: timeZone.identifier), at: time)
            try await records.documents.save(DemoPartnerProgram.program, at: time)
            let issuedAt = time.addingTimeInterval(-520 * 86_400)
            _ = try await repositories.testKits.issue(
                count: demo.spareKits, batch: DemoPartnerProgram.batch, for: partner.id,
                at: time.addingTimeInterval(-5 * 86_400), ids: ids)
            var members: [UserID] = []
            for index in 0..<demo.members {
                let member = Account(
                    id: ids.make(), email: try EmailAddress("member-\(index + 1)@demo.thrive.local"),
                    passwordHash: "-", createdAt: issuedAt)
                try await repositories.accounts.create(member)
                members.append(member.id)
            }
            for kit in demo.kits {
                // Each kit was sent out about ten days before its member registered it.
                let number = try await repositories.testKits.issue(
                    count: 1, batch: DemoPartnerProgram.batch, for: partner.id,
                    at: time.addingTimeInterval(-kit.registered - 10 * 86_400), ids: ids)[0]
                let owner = members[kit.member]
                _ = try await repositories.records(of: owner).labs.register(
                    number, at: time.addingTimeInterval(-kit.registered), photo: nil)
                if let received = kit.received {
                    _ = try await repositories.testKits.move(number, to: .receivedAtLab, at: time.addingTimeInterval(-received))
                }
                guard let resulted = kit.resulted else { continue }
                let at = time.addingTimeInterval(-resulted)
                let result = LabResult(
                    id: LabResultID(ids.uuid()), owner: owner, kit: number,
                    testDate: LocalDate(at.addingTimeInterval(-2 * 86_400), in: timeZone),
                    aat: AATLevel(milligramsPerDeciliter: kit.level), genotype: Genotype(kit.genotype), reportedAt: at)
                try await repositories.testKits.post(
                    result, report: nil, finding: ProgramFinding.isFinding(result, protective: AATThresholds().protective))
            }
        }
    }
}
