import Foundation
import Hummingbird
import ThriveCore

/// The lab's portal (`/lab`, lab accounts only): issue kits in batches and print their labels,
/// move a kit along as its sample arrives, and post results — one by hand, or a CSV batch that is
/// checked row by row and shown before anything is posted.
struct LabPortalPagesController {
    let services: AppServices
    var labs: LabService { services.labs }
    static let path = "/lab"

    /// The label sheet of a batch, on the page or through the API.
    static func labelsPath(_ batch: String, api: Bool = false) -> String {
        var components = URLComponents()
        components.path = api ? "/api/v1/lab/labels" : "/lab/labels.pdf"
        components.queryItems = [URLQueryItem(name: "batch", value: batch)]
        return components.string ?? components.path
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("lab") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            return try await portal(user, context, notice: Self.notice(request.uri.queryParameters))
        }
        router.get("lab/labels.pdf") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let batch = request.uri.queryParameters["batch"].map(String.init) ?? ""
            return LabAPIController.pdf(
                Data(try await labs.labels(batch: batch, by: user)), name: LabAPIController.labelFileName(batch),
                inline: true)
        }
        router.post("lab/kits") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            return try await refusing(user, context, form) {
                guard let count = Int(form.text("count") ?? "") else {
                    throw ValidationError(field: "count", message: t("labs.issue.count", ["max": "\(LabService.batchLimit)"]))
                }
                let issued = try await labs.issue(
                    count: count, batch: form.text("batch"), partner: form.text("partner"), by: user)
                return Self.back(["issued": "\(issued.numbers.count)", "batch": issued.batch], anchor: "batches")
            }
        }
        router.post("lab/kits/status") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            return try await refusing(user, context, form) {
                let kit = try await labs.move(form.text("barcode") ?? "", to: form.text("status") ?? "", by: user)
                return Self.back(["moved": kit.number.description, "status": kit.status.rawValue], anchor: "move")
            }
        }
        router.post("lab/results") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            var request = request
            let body = try await request.collectBody(upTo: CSRFMiddleware.formLimit + 6 * 1024 * 1024)
            let form = FormFields(body, contentType: request.headers[.contentType])
            return try await refusing(user, context, form) {
                let level = try form.text("aatLevel").map { text -> Double in
                    guard let value = Double(text.replacingOccurrences(of: ",", with: ".")) else {
                        throw ValidationError(field: "aatLevel", message: t("labs.problem.level"))
                    }
                    return value
                }
                let submission = LabResultSubmission(
                    kit: form.text("kit") ?? "", testDate: form.text("testDate") ?? "", aatMilligramsPerDeciliter: level,
                    genotype: form.text("genotype"), labNote: form.text("labNote"))
                let report = try Self.report(form)
                _ = try await labs.post([(submission, report: report)], by: user)
                return Self.back(["posted": "1"], anchor: "post")
            }
        }
        router.post("lab/results/preview") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            var request = request
            let body = try await request.collectBody(upTo: CSRFMiddleware.formLimit)
            let form = FormFields(body, contentType: request.headers[.contentType])
            guard let file = form.files["csv"], file.bytes.readableBytes > 0 else {
                var errors = FormErrors()
                errors.add("csv", t("labs.csv.choose"))
                return try await portal(user, context, errors: errors, status: .unprocessableContent)
            }
            let text = String(decoding: file.bytes.readableBytesView, as: UTF8.self)
            return try await preview(text, fileName: file.name.isEmpty ? "results.csv" : file.name, user, context)
        }
        router.post("lab/results/csv") { request, context -> Response in
            guard let user = context.identity?.userID else { return context.toLogin }
            var request = request
            let body = try await request.collectBody(upTo: CSRFMiddleware.formLimit)
            let form = FormFields(body, contentType: request.headers[.contentType])
            let text = form["csv"] ?? ""
            do {
                let posts = try LabAPIController.csvPosts(text)
                let posted = try await labs.post(posts.map { ($0.submission, report: nil) }, by: user)
                return Self.back(["posted": "\(posted.count)"], anchor: "post")
            } catch let error as AppError where error.status != .forbidden {
                // The kits changed between the preview and the post: check the file again, as it is now.
                return try await preview(text, fileName: form.text("fileName") ?? "results.csv", user, context)
            }
        }
    }

    private func preview(_ text: String, fileName: String, _ user: UserID, _ context: AppRequestContext) async throws
        -> Response
    {
        try await labs.require(.lab, user)
        let page: LabResultsPreviewPage
        let status: HTTPResponse.Status
        let rows: [LabResultCSV.Row]
        do { rows = try LabResultCSV.rows(text) } catch {
            return services.renderer.render(
                "lab-results-preview", chrome: Chrome(title: t("labs.preview.title"), context: context, tab: .profile),
                content: LabResultsPreviewPage(fileName: fileName, fileProblem: t(LabResultCSV.phrase(error))),
                status: .unprocessableContent)
        }
        let readable = rows.compactMap { try? $0.submission.get() }
        var checked = try await labs.preview(readable, by: user).makeIterator()
        let problems = rows.map { row -> LabSubmissionProblem? in
            switch row.submission {
            case .failure(let problem): return problem
            case .success: return checked.next() ?? nil
            }
        }
        page = LabResultsPreviewPage(fileName: fileName, text: text, rows: rows, problems: problems)
        status = page.csv == nil ? .unprocessableContent : .ok
        return services.renderer.render(
            "lab-results-preview", chrome: Chrome(title: t("labs.preview.title"), context: context, tab: .profile),
            content: page, status: status)
    }

    /// Runs a form's action; a refusal with a field shows the portal again with the message beside
    /// that field and what was typed kept.
    private func refusing(
        _ user: UserID, _ context: AppRequestContext, _ form: FormFields, _ action: () async throws -> Response
    ) async throws -> Response {
        var errors = FormErrors()
        do { return try await action() } catch let error as ValidationError {
            errors.add(error.field, error.message)
            return try await portal(user, context, form: form, errors: errors, status: .unprocessableContent)
        } catch let error as AppError where error.field != nil {
            errors.add(error.field ?? "", error.message)
            return try await portal(user, context, form: form, errors: errors, status: error.status)
        }
    }

    private func portal(
        _ user: UserID, _ context: AppRequestContext, notice: String? = nil, form: FormFields? = nil,
        errors: FormErrors = FormErrors(), status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let batches = try await labs.batches(by: user)
        let kits = try await labs.recentKits(limit: 50, by: user)
        let zone = try await services.store.read { try await $0.records(of: user).timeZone() }
        let typed = Dictionary(
            ["count", "batch", "partner", "barcode", "status", "kit", "testDate", "aatLevel", "genotype", "labNote"].compactMap {
                name in
                form?.text(name).map { (name, $0) }
            }, uniquingKeysWith: { first, _ in first })
        let partners = try await labs.partners(by: user)
        let page = LabPortalPage(
            batches: batches, kits: kits, partners: partners, zone: zone, notice: notice, form: typed, errors: errors)
        return services.renderer.render(
            "lab-portal", chrome: Chrome(title: t("labs.portal.title"), context: context, tab: .profile), content: page,
            status: status)
    }

    /// The lab's PDF from the result form, checked to be one.
    static func report(_ form: FormFields) throws -> Data? {
        guard let file = form.files["reportPdf"], file.bytes.readableBytes > 0 else { return nil }
        let data = Data(buffer: file.bytes)
        guard LabResult.isReport(data) else {
            throw ValidationError(field: "reportPdf", message: t("labs.portal.pdfType"))
        }
        return data
    }

    static func back(_ query: [String: String], anchor: String) -> Response {
        var components = URLComponents()
        components.path = path
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return .redirect(to: "\(components.string ?? path)#\(anchor)", type: .normal)
    }

    /// What the last action did, from the query it came back with.
    static func notice(_ query: Parameters) -> String? {
        if let issued = query["issued"].flatMap({ Int(String($0)) }), let batch = query["batch"] {
            return t(Phrase("labs.portal.issued", ["count": .integer(issued), "batch": .text(String(batch))]))
        }
        if let moved = query["moved"], let status = query["status"].flatMap({ KitStatus(rawValue: String($0)) }) {
            return t("labs.portal.moved", ["barcode": String(moved), "status": t(status.title)])
        }
        if let posted = query["posted"].flatMap({ Int(String($0)) }) {
            return t(Phrase("labs.portal.posted", ["count": .integer(posted)]))
        }
        return nil
    }
}
