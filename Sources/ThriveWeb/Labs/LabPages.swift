import Foundation
import ThriveCore
import ThriveReports

/// What the results page and a result's page show of one result.
struct LabResultView: Sendable {
    let id: String
    let path: String
    let date: String
    let level: String?
    let micromolar: String?
    let band: String?
    /// A CSS modifier: `critical`, `flag`, `info` or `normal`.
    let tone: String
    let range: String
    let genotype: String?
    let summary: [String]
    let labNote: String?
    let kit: String
    let pdf: String?

    init(_ result: LabResult, thresholds: AATThresholds, zone: TimeZone) {
        id = result.id.rawValue.uuidString.lowercased()
        path = LabPagesController.resultPath(result.id)
        date = DisplayFormat.date(result.testDate, in: zone)
        level = result.aat.map { LabFormat.level($0) }
        micromolar = result.aat.map { LabFormat.micromolar($0) }
        let band = result.aat.map { AATBand($0, thresholds) }
        self.band = band.map { t("labs.band.\($0.rawValue)") }
        tone =
            switch band {
            case .criticalHigh: "critical"
            case .belowProtective: "flag"
            case .aboveNormal, .belowNormal: "info"
            case .normal, nil: "normal"
            }
        range = t(
            "labs.normalRange",
            ["low": LabFormat.number(thresholds.normalLow), "high": LabFormat.number(thresholds.normalHigh)])
        genotype = result.genotype?.text
        summary = AATInterpretation.summary(result, thresholds: thresholds).map(t)
        labNote = result.labNote
        kit = result.kit.description
        pdf = result.hasReport ? LabAPIController.reportPath(result.id) : nil
    }
}

/// A kit on its way, with the steps of its timeline.
struct KitView: Sendable {
    struct Step: Sendable {
        let title: String
        let when: String?
        let done: Bool
        let current: Bool
    }

    let barcode: String
    let status: String
    let instruction: String?
    let steps: [Step]

    init(_ kit: TestKit, zone: TimeZone) {
        barcode = kit.number.description
        status = t(kit.status.title)
        instruction =
            kit.status == .registered
            ? t("labs.kit.sendWithin", ["days": "\(TestKit.sendWithinDays)"]) : nil
        let reached = Dictionary(kit.history.map { ($0.status, $0.at) }, uniquingKeysWith: { first, _ in first })
        steps = KitStatus.timeline.map { status in
            Step(
                title: t(status.title), when: reached[status].map { DisplayFormat.date($0, in: zone) },
                done: status <= kit.status, current: status == kit.status)
        }
    }
}

/// `/results`: the latest result first, kits on their way, the AAT trend and the history.
struct LabResultsPage: Sendable {
    let notice: String?
    let latest: LabResultView?
    let kits: [KitView]
    let hasKits: Bool
    let chart: String?
    let chartSummary: String?
    let history: [LabResultView]
    let hasHistory: Bool
    let isEmpty: Bool
    let nextPage: String?
    /// Results and breathing logs together, latest day first (the first page only).
    let timeline: [TimelineEntry]
    let showsTimeline: Bool
    /// The log just made, to undo.
    let undo: String?
    var nextTest: NextTestView?
    /// Offered to someone with a Z allele when the operator connected an air-quality service.
    var airQuality: AirQualityView?
    /// "2 new" beside the counselor chat's link.
    var counselorUnread: String?
    /// What the device keeps, encrypted, for offline use (a JSON list of addresses): the last 12
    /// months of results with their PDFs, the counselor's page and the lung-health pieces.
    var offlineURLs: String?

    struct TimelineEntry: Sendable {
        let date: String
        let text: String
        let link: String?
        let symptoms: Bool
        let note: String?
    }

    /// How many entries the timeline shows.
    static let timelineLength = 20

    init(
        results: [LabResult], more: Bool, kits: [TestKit], thresholds: AATThresholds, zone: TimeZone, notice: String?,
        firstPage: Bool, breathing: [BreathingLog] = [], undo: BreathingLogID? = nil
    ) {
        self.notice = notice
        self.undo = undo.map { "\(BreathingPagesController.path)/\($0.rawValue.uuidString.lowercased())/delete" }
        var entries: [(LocalDate, Date, TimelineEntry)] = results.map { result in
            let view = LabResultView(result, thresholds: thresholds, zone: zone)
            let parts = [view.level.map { "\($0) (\(view.band ?? ""))" }, view.genotype.map { "\(t("labs.genotype")) \($0)" }]
            return (
                result.testDate, result.reportedAt,
                TimelineEntry(
                    date: view.date, text: "\(t("labs.result")): " + parts.compactMap(\.self).joined(separator: " · "),
                    link: view.path, symptoms: false, note: nil)
            )
        }
        entries += breathing.map { log in
            (
                log.day, log.recordedAt,
                TimelineEntry(
                    date: DisplayFormat.date(log.day, in: zone),
                    text: "\(t("breathing.entry")): \(BreathingService.summary(log))", link: nil, symptoms: true, note: log.note)
            )
        }
        timeline =
            firstPage
            ? entries.sorted { ($0.0, $0.1) > ($1.0, $1.1) }.prefix(Self.timelineLength).map(\.2) : []
        showsTimeline = firstPage
        let views = results.map { LabResultView($0, thresholds: thresholds, zone: zone) }
        latest = firstPage ? views.first : nil
        history = firstPage ? Array(views.dropFirst()) : views
        hasHistory = !history.isEmpty
        let waiting = kits.filter { $0.status < .resultsReady }
        self.kits = waiting.map { KitView($0, zone: zone) }
        hasKits = !waiting.isEmpty
        isEmpty = results.isEmpty && waiting.isEmpty
        nextPage = more ? results.last.map { "\(LabPagesController.path)?after=\($0.id.rawValue.uuidString.lowercased())" } : nil
        let trend = AATTrendChart(results: firstPage ? results : [], thresholds: thresholds, zone: zone)
        chart = trend?.svg
        chartSummary = trend?.summary
    }
}

/// The "Next test" card: when it is due, when the reminder comes, and the form to change them.
struct NextTestView: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let checked: Bool
    }

    let summary: String
    let options: [Option]
    let day: InputField

    init(_ reminder: TestReminder, latest: LocalDate?, zone: TimeZone, errors: FormErrors = FormErrors()) {
        if let due = reminder.due(after: latest), let remind = reminder.remindsOn(after: latest) {
            summary = t(
                "labs.next.due", ["due": DisplayFormat.date(due, in: zone), "remind": DisplayFormat.date(remind, in: zone)])
        } else {
            summary = t("labs.next.none")
        }
        options = TestReminder.intervals.map { months in
            Option(
                value: "\(months)",
                label: months == 0 ? t("labs.next.off") : t(Phrase("labs.next.every", ["count": .integer(months)])),
                checked: reminder.nextTest == nil && reminder.everyMonths == months)
        }
        day = InputField(
            "nextTest", t("labs.next.day"), value: reminder.nextTest?.iso8601 ?? "", errors: errors,
            hint: t("labs.next.dayHint"), type: "date", decimal: false)
    }
}

/// The AAT levels of the results shown, oldest first, as a line chart with its text summary.
struct AATTrendChart: Sendable {
    let svg: String
    let summary: String

    init?(results: [LabResult], thresholds: AATThresholds, zone: TimeZone) {
        let measured = results.filter { $0.aat != nil }.reversed().map { $0 }
        guard measured.count >= 2, let first = measured.first, let last = measured.last,
            let firstLevel = first.aat, let lastLevel = last.aat
        else { return nil }
        let labels = measured.map { DisplayFormat.date($0.testDate, in: zone) }
        summary = t(
            "labs.trend.summary",
            [
                "count": "\(measured.count)", "first": labels[0], "firstLevel": LabFormat.level(firstLevel),
                "last": labels[labels.count - 1], "lastLevel": LabFormat.level(lastLevel),
                "low": LabFormat.number(thresholds.normalLow), "high": LabFormat.number(thresholds.normalHigh),
            ])
        // At most four dates under the axis, as month and year: a quarter apart, they never crowd.
        let step = max(1, (measured.count + 3) / 4)
        let months = measured.map { LabFormat.monthYear($0.testDate, zone) }
        var chart = LineChart(
            id: "aat-trend", title: t("labs.trend.title"), summary: summary,
            dayLabels: labels,
            axisLabels: months.enumerated().filter { $0.offset % step == 0 }.map { ($0.offset, $0.element) },
            series: [LineChart.Series(name: t("labs.aat"), role: "wellbeing", values: measured.map { $0.aat?.reported })],
            showsTrend: false,
            markers: measured.enumerated().compactMap { index, result in
                // Only what calls for action is marked: a spike, or a level under the protective threshold.
                guard let level = result.aat, [.criticalHigh, .belowProtective].contains(AATBand(level, thresholds)) else {
                    return nil
                }
                return LineChart.Marker(
                    index: index, value: level.reported, text: t("labs.band.\(AATBand(level, thresholds).rawValue)"))
            },
            includeZero: true, formatValue: { LabFormat.number($0) })
        chart.words = .localized
        svg = chart.svg()
    }
}

/// `/test-kits/register`: the number typed or scanned, and a photo of the label.
struct KitRegistrationPage: Sendable {
    let barcode: InputField
    let errors: FormErrors

    init(value: String = "", errors: FormErrors = FormErrors()) {
        barcode = InputField(
            "barcode", t("labs.register.label"), value: value, errors: errors, hint: t("labs.register.hint"), decimal: false,
            maxLength: 40)
        self.errors = errors
    }
}

/// Numbers as a person reads lab values: whole mg/dL when whole, else one decimal.
enum LabFormat {
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        let digits = rounded == rounded.rounded() ? 0 : 1
        return rounded.formatted(.number.precision(.fractionLength(digits)).locale(Localizer.current.locale))
    }

    static func level(_ level: AATLevel) -> String { "\(number(level.reported)) mg/dL" }

    /// "Feb 2025", under a trend's axis.
    static func monthYear(_ day: LocalDate, _ zone: TimeZone) -> String {
        var style = Date.FormatStyle(locale: Localizer.current.locale, calendar: Calendar(identifier: .gregorian))
            .month(.abbreviated).year()
        style.timeZone = zone
        return day.start(in: zone).addingTimeInterval(43_200).formatted(style)
    }

    /// "25 µM": whole micromoles, as precise as the conversion is (see ``AATLevel``).
    static func micromolar(_ level: AATLevel) -> String {
        "\(Int(level.micromolar.rounded())) µM"
    }
}
