import Foundation
import ThriveCore

/// The partner portal's page: this week's completions, the quarter against its target, time to
/// result and the ROI as cards; quarters and months as tables; the program's settings.
struct PartnerPage: Sendable {
    /// A count as shown: the number, or a dash with words for screen readers where it is hidden.
    struct Cell: Sendable {
        let text: String
        let hidden: Bool

        init(_ value: Int?) {
            text = value.map(DisplayFormat.count) ?? "—"
            hidden = value == nil
        }

        /// Nothing to count (no results in the period): a dash, and nothing hidden.
        static let none = Cell(text: "—", hidden: false)

        private init(text: String, hidden: Bool) {
            self.text = text
            self.hidden = hidden
        }
    }

    struct Row: Sendable {
        let label: String
        let issued: String
        let registered: Cell
        let returned: Cell
        let resulted: Cell
        let target: String?
        let turnaround: Cell?
        let isCurrent: Bool
    }

    let notice: String?
    let errors: FormErrors
    let lead: String
    let legend: String
    let weekSentence: String
    let quarterTitle: String
    let quarterTested: Cell
    let quarterTarget: String?
    let progressValue: Int?
    let progressMax: Int?
    let progressText: String?
    let turnaround: String?
    let turnaroundDetail: String?
    let roi: String?
    let roiFormula: String
    let roiWorked: String?
    let roiGap: String?
    let quarters: [Row]
    let months: [Row]
    let total: Row
    let monthlyTarget: InputField
    let costPerKit: InputField
    let valuePerFinding: InputField
    let currency: InputField

    init(
        _ dashboard: PartnerDashboard, notice: String? = nil, form: [String: String]? = nil, errors: FormErrors = FormErrors()
    ) {
        self.notice = notice
        self.errors = errors
        lead = t("partner.lead", ["k": "\(SmallCells.k)"])
        legend = t("partner.legend", ["k": "\(SmallCells.k)"])
        let program = dashboard.program
        weekSentence =
            dashboard.completedThisWeek.map { t(Phrase("partner.week", ["count": .integer($0)])) }
            ?? t(Phrase("partner.weekFew", ["count": .integer(SmallCells.k)]))
        let current = dashboard.quarters[dashboard.quarters.count - 1]
        quarterTitle = Self.quarter(current.start)
        quarterTested = Cell(current.resulted)
        quarterTarget = current.target.map { t(Phrase("partner.ofTarget", ["count": .integer($0)])) }
        if let resulted = current.resulted, let target = current.target {
            progressValue = min(resulted, target)
            progressMax = target
            progressText = DisplayFormat.percent(Double(resulted) / Double(target))
        } else {
            (progressValue, progressMax, progressText) = (nil, nil, nil)
        }
        let days = current.turnaround ?? dashboard.total.turnaround
        turnaround = days.map { t(Phrase("unit.days", ["count": .integer($0.median)])) }
        turnaroundDetail = days.map {
            t(
                Phrase(
                    current.turnaround == nil ? "partner.turnaroundWindow" : "partner.turnaroundQuarter",
                    ["count": .integer($0.ninetieth)]))
        }
        roiFormula = t("partner.roi.formula")
        var roiText: String?
        switch dashboard.roi {
        case .success(let roi):
            let money = { (amount: Double) in DisplayFormat.money(amount, currency: program.currency) }
            roiText = roi.ratio.map { DisplayFormat.signedPercent($0) }
            roiWorked = t(
                Phrase(
                    "partner.roi.worked",
                    [
                        "findings": .integer(roi.findings), "value": .text(money(roi.valuePerFinding)),
                        "kits": .integer(roi.kitsIssued), "cost": .text(money(roi.costPerKit)),
                        "result": .text(roi.ratio.map { DisplayFormat.signedPercent($0) } ?? "—"),
                    ]))
            roiGap = nil
        case .failure(let gap):
            roiWorked = nil
            roiGap = t(Phrase("partner.roi.gap.\(gap.gap.rawValue)", ["count": .integer(SmallCells.k)]))
        }
        roi = roiText
        quarters = dashboard.quarters.reversed().map { Self.row($0, label: Self.quarter($0.start), turnaround: true) }
        // Up to this month: the months still to come in the quarter have nothing to show.
        months = dashboard.months.prefix(dashboard.periods.currentMonth + 1).suffix(12).reversed().map {
            Self.row($0, label: Self.month($0.start), turnaround: false)
        }
        total = Self.row(dashboard.total, label: t("partner.window"), turnaround: true)
        let values =
            form ?? [
                "monthlyTarget": program.monthlyTarget.map(String.init) ?? "",
                "costPerKit": program.costPerKit.map { DisplayFormat.plain($0, digits: 2) } ?? "",
                "valuePerFinding": program.valuePerFinding.map { DisplayFormat.plain($0, digits: 2) } ?? "",
                "currency": program.currency,
            ]
        monthlyTarget = InputField(
            "monthlyTarget", t("partner.field.target"), value: values["monthlyTarget"] ?? "", errors: errors,
            hint: t("partner.field.targetHint"), type: "number", decimal: false, narrow: true)
        costPerKit = InputField(
            "costPerKit", t("partner.field.cost"), value: values["costPerKit"] ?? "", errors: errors, narrow: true)
        valuePerFinding = InputField(
            "valuePerFinding", t("partner.field.value"), value: values["valuePerFinding"] ?? "", errors: errors,
            hint: t("partner.field.valueHint"), narrow: true)
        currency = InputField(
            "currency", t("partner.field.currency"), value: values["currency"] ?? "", errors: errors,
            hint: t("partner.field.currencyHint"), decimal: false, narrow: true, maxLength: 3)
    }

    private static func row(_ period: PartnerDashboard.Period, label: String, turnaround: Bool) -> Row {
        Row(
            label: label, issued: DisplayFormat.count(period.issued), registered: Cell(period.registered),
            returned: Cell(period.returned), resulted: Cell(period.resulted), target: period.target.map(DisplayFormat.count),
            turnaround: turnaround
                ? period.turnaround.map { Cell($0.median) } ?? (period.resulted == 0 ? .none : Cell(nil)) : nil,
            isCurrent: period.isCurrent)
    }

    /// "Q4 2026".
    static func quarter(_ start: LocalDate) -> String {
        t(Phrase("partner.quarter", ["quarter": .integer((start.month - 1) / 3 + 1), "year": .text(String(start.year))]))
    }

    /// "Nov 2026".
    static func month(_ start: LocalDate) -> String {
        var style = Date.FormatStyle(locale: Localizer.current.locale, calendar: Calendar(identifier: .gregorian))
            .month(.abbreviated).year(.defaultDigits)
        style.timeZone = .gmt
        return start.start(in: .gmt).addingTimeInterval(43_200).formatted(style)
    }
}
