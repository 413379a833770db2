import Foundation
import Hummingbird
import ThriveCore

/// The person's lab pages: `/results` (latest first, kits on their way, the AAT trend, history),
/// one result at `/results/:id`, and registering a kit at `/test-kits/register`.
struct LabPagesController {
    let services: AppServices
    var labs: LabService { services.labs }
    static let path = "/results"
    static let registerPath = "/test-kits/register"

    static func resultPath(_ id: LabResultID) -> String { "\(path)/\(id.rawValue.uuidString.lowercased())" }

    /// Spec 001's offline mode: the device keeps the last 12 months of results, their PDFs, the
    /// counselor's page (their contact) and the education pieces on lung health.
    private func offlineURLs(_ owner: UserID, zone: TimeZone) async throws -> String {
        let since = TestReminder.adding(months: -12, to: LocalDate(services.now(), in: zone))
        let results = try await labs.results(owner, after: nil, limit: 100).results.filter { $0.testDate >= since }
        var urls = results.flatMap { result in
            [Self.resultPath(result.id)]
                + (result.hasReport ? [LabAPIController.reportPath(result.id)] : [])
        }
        urls += [CounselingPagesController.path, LabFAQController.path]
        urls += try await services.content.overview(owner, topic: .lungs).listings.map {
            "\(LibraryPagesController.base)/\($0.entry.id)"
        }
        return String(decoding: try JSONEncoder().encode(urls), as: UTF8.self)
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("results") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let after = request.uri.queryParameters["after"].flatMap { LabResultID(String($0)) }
            let page = try await labs.results(owner, after: after, limit: 20)
            let kits = try await labs.kits(owner)
            let zone = try await services.store.read { try await $0.records(of: owner).timeZone() }
            let registered = request.uri.queryParameters["registered"].flatMap { KitNumber(String($0)) }
            let logged = request.uri.queryParameters["logged"].flatMap { BreathingLogID(String($0)) }
            let notice =
                registered.map { t("labs.registered", ["barcode": $0.description, "days": "\(TestKit.sendWithinDays)"]) }
                ?? logged.map { _ in t("breathing.logged") }
                ?? request.uri.queryParameters["unlogged"].map { _ in t("breathing.undone") }
                ?? request.uri.queryParameters["reminder"].map { _ in t("labs.next.saved") }
                ?? request.uri.queryParameters["air"].map { _ in t("airQuality.saved") }
            let breathing = after == nil ? try await services.breathing.latest(owner) : []
            var content = LabResultsPage(
                results: page.results, more: page.more, kits: kits, thresholds: labs.thresholds, zone: zone, notice: notice,
                firstPage: after == nil, breathing: breathing, undo: logged)
            if after == nil {
                let reminder = try await services.store.read {
                    try await $0.records(of: owner).documents.get(TestReminder.self) ?? TestReminder()
                }
                content.nextTest = NextTestView(reminder, latest: page.results.first?.testDate, zone: zone)
                content.offlineURLs = try await offlineURLs(owner, zone: zone)
                let unread = try await services.counseling.unread(owner)
                content.counselorUnread = unread > 0 ? t("counselor.unread", ["count": "\(unread)"]) : nil
                if try await services.airQuality.offered(owner) {
                    content.airQuality = AirQualityView(try await services.airQuality.choice(owner))
                }
            }
            return services.renderer.render(
                "lab-results", chrome: Chrome(title: t("labs.title"), context: context, tab: .dashboard), content: content)
        }
        router.get("results/:id") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            guard let id = context.parameters.get("id").flatMap(LabResultID.init) else {
                throw AppError.notFound(t("labs.noResult"))
            }
            let result = try await labs.result(owner, id)
            let zone = try await services.store.read { try await $0.records(of: owner).timeZone() }
            let view = LabResultView(result, thresholds: labs.thresholds, zone: zone)
            return services.renderer.render(
                "lab-result",
                chrome: Chrome(title: t("labs.resultTitle", ["date": view.date]), context: context, tab: .dashboard),
                content: view)
        }
        router.post("results/reminder") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            guard let every = Int(form.text("every") ?? "12"), TestReminder.intervals.contains(every) else {
                throw AppError.badRequest(t("labs.next.badEvery"))
            }
            do {
                _ = try await services.testReminders.save(owner, everyMonths: every, nextTest: form.text("nextTest"))
            } catch let error as ValidationError {
                throw AppError(status: .unprocessableContent, code: "invalid", message: error.message, field: error.field)
            }
            return .redirect(to: "\(Self.path)?reminder=1#next-test", type: .normal)
        }
        router.get(RouterPath(String(Self.registerPath.dropFirst()))) { _, context -> Response in
            guard context.identity != nil else { return context.toLogin }
            return registration(KitRegistrationPage(), context)
        }
        router.post(RouterPath(String(Self.registerPath.dropFirst()))) { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let body = try await request.collectBody(upTo: CSRFMiddleware.formLimit)
            let form = FormFields(body, contentType: request.headers[.contentType])
            let typed = form.text("barcode") ?? ""
            do {
                let photo = try LabAPIController.photo(form)
                let barcode = try await LabAPIController.barcode(typed: typed.nonEmpty, photo: photo)
                let kit = try await labs.register(barcode, photo: photo, for: owner)
                return .redirect(to: "\(Self.path)?registered=\(kit.number.description)#kits", type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add(error.field == "photo" ? "photo" : "barcode", error.message)
                return registration(KitRegistrationPage(value: typed, errors: errors), context, status: .unprocessableContent)
            } catch let error as AppError where error.field == "barcode" {
                var errors = FormErrors()
                errors.add("barcode", error.message)
                return registration(KitRegistrationPage(value: typed, errors: errors), context, status: error.status)
            }
        }
    }

    private func registration(
        _ page: KitRegistrationPage, _ context: AppRequestContext, status: HTTPResponse.Status = .ok
    ) -> Response {
        services.renderer.render(
            "kit-register", chrome: Chrome(title: t("labs.register.title"), context: context, tab: .dashboard), content: page,
            status: status)
    }
}
