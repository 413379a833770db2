import Foundation
import ThriveCore

/// Profile › Your data › Report: the pre-export checklist (spec 004, section 13), the period, the
/// sections, the CSV, and the password with its strength meter.
struct HealthReportPage: Sendable {
    let spans: [Choice]
    let from: String
    let to: String
    /// The newest day a custom period may end on, for the date fields.
    let today: String
    let sections: [Choice]
    let includesCSV: Bool
    let checked: Bool
    var errors = FormErrors()
    let lastMonth: String
    let lastWeek: String
    /// The strength meter's words, for report.js.
    let strengths: String
    var schedule: ReportSchedulePanel
    /// The monthly form's CSV choice, kept when it comes back with a problem.
    var monthlyCSV = false

    init(today: LocalDate, zone: TimeZone, form: FormFields? = nil, schedule: ReportSchedulePanel) {
        let span = form?["span"] ?? HealthReportRequest.Span.lastMonth.rawValue
        let month = ReportPeriod.previousMonth(before: today)
        let week = ReportPeriod.previousWeek(before: today)
        lastMonth = month.words(in: zone)
        lastWeek = week.words(in: zone)
        spans = Choice.list(
            "span",
            HealthReportRequest.Span.allCases.map { ($0.rawValue, t("report.span.\($0.rawValue)")) },
            checked: [span], multiple: false)
        from = form?["from"] ?? month.first.iso8601
        to = form?["to"] ?? month.last.iso8601
        self.today = today.iso8601
        let chosen = form.map { Set($0.all("sections")) } ?? Set(ReportSection.allCases.map(\.rawValue))
        sections = Choice.list(
            "sections", ReportSection.allCases.map { ($0.rawValue, t("report.section.\($0.rawValue)")) }, checked: chosen,
            multiple: true)
        includesCSV = form?["includeCSV"] == "yes"
        checked = form?["understood"] == "yes"
        strengths = ReportPassword.Strength.allCases.map { "\($0.rawValue)=\(t("report.strength.\($0.rawValue)"))" }
            .joined(separator: "|")
        self.schedule = schedule
    }

    /// The form's answers as the request reads them.
    static func body(_ form: FormFields) -> HealthReportRequest.Body {
        HealthReportRequest.Body(
            span: form["span"], from: form["from"], to: form["to"], sections: form.all("sections"),
            password: form["password"] ?? "", confirmation: form["confirmation"] ?? "", includeCSV: form["includeCSV"] == "yes")
    }
}
