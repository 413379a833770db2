import Foundation
import ThriveCore

/// `/results/family`: invite a family member to see your results, and the shares either way.
struct FamilyPage: Sendable {
    struct Share: Sendable {
        let id: String
        let name: String
        let email: String
        let status: String
        let isWaitingForMe: Bool
        let resultsPath: String?
        let endLabel: String
    }

    let notice: String?
    let errors: FormErrors
    let email: InputField
    let consentChecked: Bool
    let given: [Share]
    let received: [Share]
    let hasGiven: Bool
    let hasReceived: Bool

    init(
        _ entries: [FamilyShareService.Entry], zone: TimeZone, notice: String? = nil, form: FormFields? = nil,
        errors: FormErrors = FormErrors()
    ) {
        self.notice = notice
        self.errors = errors
        email = InputField(
            "email", t("family.email"), value: form?.text("email") ?? "", errors: errors, hint: t("family.emailHint"),
            type: "email", decimal: false, maxLength: 254)
        consentChecked = form?.text("consent") != nil
        func share(_ entry: FamilyShareService.Entry) -> Share {
            let share = entry.share
            let since = share.acceptedAt.map { DisplayFormat.date($0, in: zone) }
            let status: String
            switch (entry.isMine, since) {
            case (true, nil): status = t("family.status.waiting", ["date": DisplayFormat.date(share.invitedAt, in: zone)])
            case (true, let since?): status = t("family.status.sees", ["date": since])
            case (false, nil): status = t("family.status.invitesYou")
            case (false, let since?): status = t("family.status.youSee", ["date": since])
            }
            return Share(
                id: share.id.rawValue.uuidString.lowercased(), name: entry.name, email: entry.email, status: status,
                isWaitingForMe: !entry.isMine && since == nil,
                resultsPath: !entry.isMine && since != nil ? FamilyPagesController.resultsPath(share.owner) : nil,
                endLabel: entry.isMine ? t("family.stopSharing") : since == nil ? t("family.decline") : t("family.stopSeeing"))
        }
        given = entries.filter(\.isMine).map(share)
        received = entries.filter { !$0.isMine }.map(share)
        hasGiven = !given.isEmpty
        hasReceived = !received.isEmpty
    }
}

/// A family member's results, read-only, with the lab's PDFs (the shared results' template).
struct FamilyResultsPage: Sendable {
    let heading: String
    let until: String
    let results: [SharedResultsPage.Result]
    let hasResults: Bool
    let fhir: String? = nil
    let breadcrumb = true

    init(name: String, owner: UserID, results: [LabResult], zone: TimeZone, thresholds: AATThresholds) {
        heading = t("labs.shared.titleNamed", ["name": name])
        until = t("family.readOnly", ["name": name])
        self.results = results.map { result in
            SharedResultsPage.Result(
                result: LabResultView(result, thresholds: thresholds, zone: zone),
                pdf: result.hasReport
                    ? "\(FamilyPagesController.resultsPath(owner))/results/\(result.id.rawValue.uuidString.lowercased())/report"
                    : nil)
        }
        hasResults = !self.results.isEmpty
    }
}
