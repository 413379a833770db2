import Foundation
import ThriveCore
import ThriveReports

/// The person's page of links to their results: the form to make one, the link just made (shown
/// once, with a QR code for the clinician's phone), and every link with its openings.
struct LabSharesPage: Sendable {
    struct Choice: Sendable {
        let value: String
        let label: String
        let checked: Bool
    }

    struct Link: Sendable {
        let label: String
        let created: String
        let expires: String
        let state: String
        let tone: String
        let shows: String
        let openings: String
        let views: [String]
        let revokePath: String?
    }

    struct Made: Sendable {
        let url: String
        let qrCode: String
        let expires: String
    }

    let made: Made?
    let notice: String?
    let errors: FormErrors
    let label: InputField
    let durations: [Choice]
    let results: [Choice]
    let links: [Link]
    let hasLinks: Bool
    let hasResults: Bool

    init(
        shares: [LabShare], results: [LabResult], zone: TimeZone, now: Date, made: Made? = nil, notice: String? = nil,
        form: FormFields? = nil, errors: FormErrors = FormErrors()
    ) {
        self.made = made
        self.notice = notice
        self.errors = errors
        label = InputField(
            "label", t("labs.share.for"), value: form?.text("label") ?? "", errors: errors, hint: t("labs.share.forHint"),
            decimal: false, maxLength: LabShare.maximumLabel)
        let days = form?.text("days") ?? "\(LabShare.Duration.week.rawValue)"
        durations = LabShare.Duration.allCases.map {
            Choice(
                value: "\($0.rawValue)", label: t(Phrase("labs.share.duration", ["count": .integer($0.rawValue)])),
                checked: "\($0.rawValue)" == days)
        }
        let chosen = Set(form?.all("result") ?? [])
        self.results = results.map { result in
            // A choice names the result by its day, level and genotype; where the level falls is not needed here.
            let id = result.id.rawValue.uuidString.lowercased()
            let parts = [
                DisplayFormat.date(result.testDate, in: zone), result.aat.map(LabFormat.level),
                result.genotype.map { "\(t("labs.genotype")) \($0.text)" },
            ]
            return Choice(value: id, label: parts.compactMap(\.self).joined(separator: " · "), checked: chosen.contains(id))
        }
        hasResults = !results.isEmpty
        links = shares.map { share in
            let state = share.state(at: now)
            let views = share.views.prefix(10).map {
                t("labs.share.view.\($0.kind.rawValue)", ["time": DisplayFormat.dateTime($0.at, in: zone)])
            }
            return Link(
                label: share.label ?? t("labs.share.unnamed"), created: DisplayFormat.date(share.createdAt, in: zone),
                expires: DisplayFormat.dateTime(share.expiresAt, in: zone), state: t("labs.share.state.\(state.rawValue)"),
                tone: state == .active ? "normal" : "info",
                shows: share.results.map { t(Phrase("labs.share.some", ["count": .integer($0.count)])) }
                    ?? t("labs.share.all"),
                openings: share.views.isEmpty
                    ? t("labs.share.neverOpened") : t(Phrase("labs.share.opened", ["count": .integer(share.views.count)])),
                views: views,
                revokePath: state == .active ? "/results/shares/\(share.id.rawValue.uuidString.lowercased())/revoke" : nil)
        }
        hasLinks = !links.isEmpty
    }
}

/// What a provider sees through a link: the results chosen, read-only, and where to take them.
struct SharedResultsPage: Sendable {
    struct Result: Sendable {
        let result: LabResultView
        let pdf: String?
    }

    /// A link that no longer opens.
    struct Gone: Sendable {
        let gone = true
    }

    let heading: String
    let until: String
    let results: [Result]
    let hasResults: Bool
    let fhir: String

    init(_ shared: SharedResults, token: String, thresholds: AATThresholds) {
        let zone = shared.profile.timeZone
        heading = shared.name.map { t("labs.shared.titleNamed", ["name": $0]) } ?? t("labs.shared.title")
        until = t("labs.shared.until", ["time": DisplayFormat.dateTime(shared.share.expiresAt, in: zone)])
        results = shared.results.map { result in
            Result(
                result: LabResultView(result, thresholds: thresholds, zone: zone),
                pdf: result.hasReport ? "/shared/\(token)/results/\(result.id.rawValue.uuidString.lowercased())/report" : nil)
        }
        hasResults = !results.isEmpty
        fhir = "/shared/\(token)/fhir"
    }
}
