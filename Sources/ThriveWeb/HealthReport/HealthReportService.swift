import Foundation
import ThriveCore
import ThriveReports
import ThriveStore

/// A finished report to hand over: its file name, type and bytes.
struct HealthReportFile: Sendable {
    let name: String
    let contentType: String
    let bytes: [UInt8]
}

/// Makes spec 004's report: reads the period's days (only the parts the report uses), the safety
/// alerts open during it and the connected devices, composes the pages in the reader's language,
/// draws them and protects them with the person's password. With the CSV, both come in one ZIP.
struct HealthReportService: Sendable {
    let store: Store
    let engines: HealthEngineService
    let now: Now

    static let parts = DayParts(quantities: [.bodyMass], sleep: true, food: true, workouts: true)

    /// The person's today and time zone: all a form needs to check a period (one read, not the
    /// whole person the report itself loads).
    func calendar(_ owner: UserID) async throws -> (today: LocalDate, zone: TimeZone) {
        let zone = try await store.read { try await $0.records(of: owner).timeZone() }
        return (LocalDate(now(), in: zone), zone)
    }

    func make(_ owner: UserID, _ request: HealthReportRequest) async throws -> HealthReportFile {
        let person = try await engines.context(owner)
        let period = request.period
        let zone = person.zone
        let (days, alerts, devices) = try await store.read { repositories in
            let records = repositories.records(of: owner)
            return (
                try await records.daily.days(Self.parts, from: period.first, through: period.last, in: zone),
                try await records.alerts.recent(since: period.first.start(in: zone)),
                try await records.devices.all()
            )
        }
        // The same targets the KPI cards judge by (the plan, else 1 g of protein per kg).
        let inputs = person.kpiInputs(clock: nil, date: period.last)
        let targets = HealthReportTargets(
            proteinGrams: inputs.proteinGoal, calories: inputs.plan?.calories, calorieFloor: inputs.plan?.calorieFloor,
            sessionsPerWeek: inputs.weeklySessionTarget, policy: inputs.policy)
        let figures = HealthReportFigures(period: period, days: days, targets: targets)
        let time = now()
        let composer = HealthReportComposer(
            figures: figures, days: days, person: person, sections: request.sections,
            alerts: alerts.filter { $0.wasOpen(in: period, zone: zone) }, devices: devices.map(\.provider.brand),
            madeOn: time)
        let pdf = try PDFProtection.protect(try ReportPDF.render(composer.document()), password: request.password)
        let madeOn = LocalDate(time, in: zone)
        func name(_ suffix: String) -> String {
            ReportFileName.name(person: person.profile.displayName, date: madeOn, extension: suffix)
        }
        guard request.includesCSV else { return HealthReportFile(name: name("pdf"), contentType: "application/pdf", bytes: pdf) }
        let zip = try ReportCSV.zip([(name("pdf"), pdf), (name("csv"), Self.csv(figures, days: days))], modified: time)
        return HealthReportFile(name: name("zip"), contentType: "application/zip", bytes: zip)
    }

    /// One row per day of the period, in canonical units (minutes, kcal, grams, kg).
    static func csv(_ figures: HealthReportFigures, days: HealthDays) -> [UInt8] {
        let nights = Dictionary(uniqueKeysWithValues: figures.nights.map { ($0.date, $0) })
        let food = Dictionary(uniqueKeysWithValues: figures.food.map { ($0.date, $0) })
        let weighings = Dictionary(uniqueKeysWithValues: figures.weighings.map { ($0.date, $0) })
        let rows: [[ReportCSV.Cell]] = figures.period.dates.map { date in
            let night = nights[date]
            let eaten = food[date]
            let weighing = weighings[date]
            return [
                .text(date.iso8601), night.map { .integer($0.minutesAsleep) } ?? .empty,
                night.map { .text($0.source) } ?? .empty,
                eaten.map { .integer($0.kilocalories) } ?? .empty, eaten.map { .integer($0.proteinGrams) } ?? .empty,
                eaten.map { .text($0.isComplete ? "yes" : "no") } ?? .empty,
                .integer(days[date]?.workouts.count ?? 0),
                weighing.map { .number(($0.kilograms * 10).rounded() / 10) } ?? .empty,
                weighing.map { .text($0.source) } ?? .empty,
            ]
        }
        return ReportCSV.csv(header: csvHeader, rows: rows)
    }

    static let csvHeader = [
        "date", "sleep_minutes", "sleep_source", "calories_kcal", "protein_g", "food_log_complete", "workouts", "weight_kg",
        "weight_source",
    ]
}
