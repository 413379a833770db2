import Foundation
import ThriveCore

extension ReportPeriod {
    /// "1 Oct 2026 to 31 Oct 2026" in the reader's language.
    func words(in zone: TimeZone) -> String {
        t("report.period", ["first": DisplayFormat.date(first, in: zone), "last": DisplayFormat.date(last, in: zone)])
    }
}

/// What a person asks of a report: the period, the sections, the password, and the CSV or not.
/// The page's form and the API's JSON both read into this, checked the same way.
struct HealthReportRequest: Sendable {
    /// The period presets of the checklist page; `custom` takes `from` and `to`.
    enum Span: String, Sendable, CaseIterable {
        case lastMonth, lastWeek, custom
    }

    let period: ReportPeriod
    let sections: Set<ReportSection>
    let password: String
    let includesCSV: Bool

    struct Body: Codable, Sendable {
        var span: String?
        var from: String?
        var to: String?
        var sections: [String]?
        var password: String
        var confirmation: String?
        var includeCSV: Bool?
    }

    /// Every problem at once, each with its field.
    static func checked(_ body: Body, today: LocalDate) throws(ValidationErrors) -> HealthReportRequest {
        var problems = ValidationProblems()
        var period: ReportPeriod?
        switch Span(rawValue: body.span ?? Span.lastMonth.rawValue) {
        case .lastMonth: period = .previousMonth(before: today)
        case .lastWeek: period = .previousWeek(before: today)
        case .custom:
            do {
                period = try ReportPeriod.checked(
                    first: body.from.flatMap(LocalDate.init(iso8601:)), last: body.to.flatMap(LocalDate.init(iso8601:)),
                    today: today)
            } catch { for problem in error.all { problems.add(problem) } }
        case nil: problems.add(ValidationError(field: "span", Phrase("report.invalid.span")))
        }
        let names = body.sections ?? ReportSection.allCases.map(\.rawValue)
        let sections = Set(names.compactMap(ReportSection.init(rawValue:)))
        if sections.count != Set(names).count {
            problems.add(ValidationError(field: "sections", Phrase("report.invalid.section")))
        } else if sections.isEmpty {
            problems.add(ValidationError(field: "sections", Phrase("report.invalid.noSection")))
        }
        do {
            try ReportPassword.check(body.password, confirmation: body.confirmation ?? body.password)
        } catch { for problem in error.all { problems.add(problem) } }
        try problems.finish()
        return HealthReportRequest(
            period: period!, sections: sections, password: body.password, includesCSV: body.includeCSV ?? false)
    }
}
