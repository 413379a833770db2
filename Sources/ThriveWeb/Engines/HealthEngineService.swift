import Foundation
import ThriveCore
import ThriveStore

/// Runs the health engines over one person's stored data: plans, KPI cards, pillar scores, safety
/// alerts and insights. Reads day aggregates from the store (the database sums and counts), then
/// applies the pure rules of ThriveCore.
public struct HealthEngineService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let aatThresholds: AATThresholds

    public init(store: Store, now: Now, ids: IDGenerator, aatThresholds: AATThresholds = AATThresholds()) {
        self.store = store
        self.now = now
        self.ids = ids
        self.aatThresholds = aatThresholds
    }

    /// Days read for scores: the 28-day resting heart rate baseline of each of the last seven days,
    /// whose scores the dashboard's sparklines draw.
    static let scoreHistoryDays = PillarScoreEngine.baselineDays + DayOverview.sparklineDays - 1
    static let insightHistoryDays = 120
    /// How stale an open alert's "last seen" may get before a look at the dashboard refreshes it.
    static let alertTouchInterval: TimeInterval = 3_600

    func context(_ owner: UserID) async throws -> PersonContext {
        let time = now()
        return try await store.read { try await PersonContext.load($0.records(of: owner), now: time) }
    }

    /// The nutrition plan. Runs the monthly check-in when it is due and stores its outcome, so the
    /// adjustment is applied once per month however often the plan is read.
    func nutritionPlan(_ owner: UserID) async throws -> NutritionPlan {
        var context = try await context(owner)
        guard let input = context.nutritionInput() else {
            throw AppError(
                status: .unprocessableContent, code: "profile_incomplete",
                message: t(
                    Phrase("plan.missing", ["details": .list(context.missingForPlan.map { Phrase("plan.detail.\($0)") })])),
                field: "profile")
        }
        var plan = try NutritionEngine.plan(for: input)
        let time = now()
        let weighIns = try await weighIns(owner, context: context, days: 28)
        let decision = AdaptiveAdjustment.evaluate(
            plan: plan, weighIns: weighIns,
            lastEvaluation: context.preferences.lastAdjustmentCheck ?? context.preferences.startedOn?.start(in: context.zone),
            now: time)
        if decision.evaluated {
            context.preferences.adaptiveAdjustment += decision.change
            context.preferences.lastAdjustmentCheck = time
            let preferences = context.preferences
            try await store.write { try await $0.records(of: owner).documents.save(preferences, at: time) }
            if let updated = context.nutritionInput() { plan = try NutritionEngine.plan(for: updated) }
            if let reason = decision.reason { plan = plan.adding(reason) }
        }
        return plan
    }

    func weighIns(_ owner: UserID, context: PersonContext, days: Int) async throws -> [WeighIn] {
        let first = context.today.adding(days: -(days - 1))
        let health = try await store.read {
            try await $0.records(of: owner).daily.days(from: first, through: context.today, in: context.zone)
        }
        return health.days.compactMap { day in
            day.quantity(.bodyMass, policy: context.preferences.sources).map {
                WeighIn(date: day.date.start(in: context.zone), kilograms: $0.mean)
            }
        }
    }

    /// The week's training, with each lift's load progressed from the last time it was done.
    func trainingProgram(_ owner: UserID) async throws -> TrainingProgram {
        let context = try await context(owner)
        let since = now().addingTimeInterval(-120 * 86_400)
        let workouts = try await store.read {
            try await $0.records(of: owner).workouts.workouts(in: DateWindow(from: since), limit: nil)
        }
        let steps = context.loadSteps
        var loads = WorkoutProgress.loads(from: workouts, resolve: ExerciseNames.exercise(named:), steps: steps)
        // Before a lift has history, the onboarding's estimated 1RM gives its first working load.
        let baseline = try await store.read { try await $0.records(of: owner).documents.get(OnboardingProgress.self) }?.baseline
        for lift in baseline?.lifts ?? [] where loads[lift.exercise] == nil {
            guard let exercise = ExerciseLibrary.all.first(where: { $0.id == lift.exercise }) else { continue }
            loads[lift.exercise] = StartingLoad.load(
                oneRepMax: lift.oneRepMax, reps: ProgramGenerator.repRange(for: exercise.region), step: steps.step(for: exercise))
        }
        return try ProgramGenerator.generate(context.preferences.training, loads: loads)
    }

    func kpis(_ owner: UserID, on date: LocalDate?) async throws -> (LocalDate, [KPICard]) {
        let context = try await context(owner)
        let day = try Self.checked(date, today: context.today)
        let week = KPIEngine.weekSoFar(ending: day)
        let days = try await store.read {
            try await $0.records(of: owner).daily.days(from: week[0].adding(days: -14), through: day, in: context.zone)
        }.markingFoodComplete(Set(context.foodLogDays.completed))
        return (day, KPIEngine.cards(date: day, days: days, inputs: context.kpiInputs(clock: context.clock(days), date: day)))
    }

    func scores(_ owner: UserID, on date: LocalDate?) async throws -> (LocalDate, [PillarScore]) {
        let context = try await context(owner)
        let day = try Self.checked(date, today: context.today)
        let days = try await recentDays(owner, through: day, context: context)
        return (
            day, PillarScoreEngine.scores(date: day, days: days, inputs: context.scoreInputs(clock: context.clock(days)))
        )
    }

    /// Evaluates today's data, records the findings (one open alert per condition) and returns the
    /// open alerts and those resolved in the last 30 days.
    func alerts(_ owner: UserID) async throws -> [SafetyAlert] {
        let context = try await context(owner)
        let days = try await store.read {
            try await $0.records(of: owner).daily.days(
                from: context.today.adding(days: -(SafetyMonitor.historyDays - 1)), through: context.today, in: context.zone)
        }.markingFoodComplete(Set(context.foodLogDays.completed))
        return try await record(findings(on: context.today, days: days, context: context), for: owner)
    }

    /// KPI cards, pillar scores and safety findings for one day (today when `date` is nil), from one
    /// read of the person's context and one read of day aggregates covering all three. For today the
    /// findings are also recorded as alerts, and the stored alerts come back with them.
    public func overview(_ owner: UserID, on date: LocalDate? = nil) async throws -> DayOverview {
        try await overview(owner, context: try await context(owner), on: date)
    }

    /// The overview for a caller that has already read the person's context.
    func overview(_ owner: UserID, context: PersonContext, on date: LocalDate? = nil) async throws -> DayOverview {
        let day = try Self.checked(date, today: context.today)
        let days = try await recentDays(owner, through: day, context: context)
        let findings = findings(on: day, days: days, context: context)
        let clock = context.clock(days)
        return DayOverview(
            date: day,
            cards: KPIEngine.cards(date: day, days: days, inputs: context.kpiInputs(clock: clock, date: day)),
            scores: PillarScoreEngine.scores(date: day, days: days, inputs: context.scoreInputs(clock: clock)),
            findings: findings,
            alerts: day == context.today ? try await record(findings, for: owner) : [], days: days, clock: clock)
    }

    /// What scores, KPI cards and the safety monitor read, ending on `day`: the last two weeks in
    /// full, and before them only resting heart rate, for the 28-day recovery baseline. Reading all of
    /// 28 days took twice as long for a heavy user, for one metric.
    /// The person's marks of complete food days are applied.
    private func recentDays(_ owner: UserID, through day: LocalDate, context: PersonContext) async throws -> HealthDays {
        let full = max(SafetyMonitor.historyDays, PillarScoreEngine.windowDays, 7)
        let first = day.adding(days: -(Self.scoreHistoryDays - 1))
        let zone = context.zone
        return try await store.read { repositories in
            let daily = repositories.records(of: owner).daily
            let recent = try await daily.days(from: day.adding(days: -(full - 1)), through: day, in: zone)
            guard Self.scoreHistoryDays > full else { return recent }
            let baseline = try await daily.days([.restingHeartRate], from: first, through: day.adding(days: -full), in: zone)
            return HealthDays(baseline.days + recent.days)
        }.markingFoodComplete(Set(context.foodLogDays.completed))
    }

    private func findings(on day: LocalDate, days: HealthDays, context: PersonContext) -> [SafetyFinding] {
        SafetyMonitor.evaluate(
            today: day, days: HealthDays(days.window(endingOn: day, count: SafetyMonitor.historyDays)), age: context.age,
            calorieFloor: context.nutritionPlan()?.calorieFloor,
            policy: context.preferences.sources, measuredMaximumHeartRate: context.preferences.training.maximumHeartRate)
            + [AATInterpretation.finding(latest: context.latestLabResult, thresholds: aatThresholds)].compactMap(\.self)
    }

    /// The lab alerts of everyone a batch of results reached. Most people's new result is their
    /// latest and calls for no alert while none is open: three queries across the batch find
    /// them, and only the others (a finding, an alert to close, or an older result posted late)
    /// are evaluated one by one as ``labAlerts(_:)`` does.
    func labAlerts(after posted: [LabResult]) async throws {
        let owners = Array(Set(posted.map(\.owner)))
        let (latest, open) = try await store.read { repositories in
            (
                try await repositories.labBatches.latestResults(of: owners),
                try await repositories.labBatches.ownersWithOpenAlerts(
                    owners, conditions: SafetyCondition.labConditions.map(\.rawValue))
            )
        }
        let counts = Dictionary(posted.map { ($0.owner, 1) }, uniquingKeysWith: +)
        var evaluated: Set<UserID> = []
        for result in posted where !evaluated.contains(result.owner) {
            let quiet =
                counts[result.owner] == 1 && latest[result.owner] == result.id && !open.contains(result.owner)
                && AATInterpretation.finding(latest: result, thresholds: aatThresholds) == nil
            if quiet { continue }
            evaluated.insert(result.owner)
            _ = try await labAlerts(result.owner)
        }
    }

    /// Records only the lab-result alerts, from the person's latest result: what a lab's posting
    /// needs, without reading weeks of samples (the other alerts are left as they are).
    func labAlerts(_ owner: UserID) async throws -> [SafetyAlert] {
        let latest = try await store.read { try await $0.records(of: owner).labs.results(after: nil, limit: 1).first }
        let finding = AATInterpretation.finding(latest: latest, thresholds: aatThresholds)
        return try await record([finding].compactMap(\.self), for: owner, scope: SafetyCondition.labConditions)
    }

    /// Stores `findings` (one open alert per condition) and returns the open alerts and those
    /// resolved in the last 30 days. Most of the time nothing changed since the last look, and then
    /// nothing is written: the dashboard is read far more often than alerts open or close.
    private func record(
        _ findings: [SafetyFinding], for owner: UserID, scope: Set<SafetyCondition> = Set(SafetyCondition.allCases)
    ) async throws -> [SafetyAlert] {
        let time = now()
        let ids = self.ids
        let since = time.addingTimeInterval(-30 * 86_400)
        let recent = try await store.read { try await $0.records(of: owner).alerts.recent(since: since) }
        let open = Dictionary(
            recent.filter { $0.isOpen && scope.contains($0.condition) }.map { ($0.condition, $0) },
            uniquingKeysWith: { first, _ in first })
        let unchanged =
            Set(open.keys) == Set(findings.map(\.condition))
            && findings.allSatisfy { finding in
                guard let alert = open[finding.condition] else { return false }
                return alert.message == finding.message && alert.evidence == finding.evidence
                    && alert.observedOn == finding.observedOn
                    && time.timeIntervalSince(alert.lastSeenAt) < Self.alertTouchInterval
            }
        if unchanged { return recent }
        return try await store.write { repositories in
            let records = repositories.records(of: owner)
            let opened = try await records.alerts.record(findings, within: scope, at: time, ids: ids)
            // A condition that opens an alert is a critical notification too, in the same transaction:
            // pushed now, or when quiet hours end for a person who did not opt in to being woken.
            let opening = opened.filter { scope.contains($0.condition) && open[$0.condition] == nil }
            for alert in opening {
                try await NotificationDispatch.notify(
                    NotificationEntry(
                        id: NotificationID(ids.uuid()), kind: alert.condition.notificationKind, key: "alert:\(alert.id)",
                        title: alert.condition.title, body: alert.message.first ?? alert.condition.title,
                        link: "/#alert-\(alert.id)", createdAt: time),
                    in: repositories, owner: owner, now: time, ids: ids)
            }
            return try await records.alerts.recent(since: time.addingTimeInterval(-30 * 86_400))
        }
    }

    func acknowledge(_ owner: UserID, alert id: SafetyAlertID) async throws -> SafetyAlert {
        let time = now()
        guard let alert = try await store.write({ try await $0.records(of: owner).alerts.acknowledge(id, at: time) }) else {
            throw AppError.notFound(t("api.noAlert"))
        }
        return alert
    }

    func insights(_ owner: UserID) async throws -> [Insight] {
        let context = try await context(owner)
        let days = try await store.read {
            try await $0.records(of: owner).daily.days(
                from: context.today.adding(days: -(Self.insightHistoryDays - 1)), through: context.today, in: context.zone)
        }
        return InsightEngine.insights(
            today: context.today, days: days, policy: context.preferences.sources, clock: context.clock(days))
    }

    /// A requested day: not in the future for the person, not more than ten years back.
    static func checked(_ date: LocalDate?, today: LocalDate) throws -> LocalDate {
        guard let date else { return today }
        guard date <= today else {
            throw AppError.badRequest(
                t("api.futureDate", ["date": date.iso8601]), field: "date")
        }
        guard date >= today.adding(days: -3_660) else {
            throw AppError.badRequest(t("api.dateRange"), field: "date")
        }
        return date
    }
}
