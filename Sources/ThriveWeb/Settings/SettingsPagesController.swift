import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Profile › Settings in the browser. Each category's form posts here (scripts send the same change
/// through the API as it happens); the change is validated on the server and saved at once.
struct SettingsPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("profile/settings") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let query = request.searchText()
            let saved = request.uri.queryParameters.get("saved").map { String($0) }
            let tested = request.uri.queryParameters.get("tested").flatMap { Int(String($0)) }
            return try await render(
                owner, context: context, query: query, saved: saved, errors: FormErrors(), tested: tested)
        }
        router.post("profile/settings/notifications/test") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let (_, devices) = try await pushDevices.sendTest(to: owner)
            return .redirect(to: "/profile/settings?tested=\(devices)#notifications", type: .normal)
        }
        router.post("profile/settings/devices/:id/remove") { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            guard let id = context.parameters.get("id").flatMap(PushDeviceID.init) else {
                throw AppError.notFound(t("push.noDevice"))
            }
            try await pushDevices.remove(id, for: owner)
            return .redirect(to: "/profile/settings?saved=notifications#notifications", type: .normal)
        }
        router.post("profile/settings") { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let form = try await MealPagesController.form(request)
            guard let category = SettingsCategory.all.first(where: { $0.id == form.text("category") }) else {
                throw AppError.badRequest(t("api.unknownSettings"))
            }
            do {
                _ = try await services.settings.apply(Self.patch(from: form, category: category), for: owner)
                // The dashboard's Light/Deep switch comes back to the dashboard; only local paths.
                if let back = form.text("return"), back.hasPrefix("/"), !back.hasPrefix("//") {
                    return .redirect(to: back, type: .normal)
                }
                return .redirect(to: "/profile/settings?saved=\(category.id)#\(category.id)", type: .normal)
            } catch let error as ValidationError {
                var errors = FormErrors()
                // The document's own check names quiet hours within notifications.
                errors.add(
                    error.field.hasPrefix("quietHours") || error.field == "checkInTime"
                        ? "notifications.\(error.field)" : error.field,
                    error.message)
                return try await render(owner, context: context, query: "", saved: nil, errors: errors)
            }
        }
    }

    /// The category's settings as a merge patch, from the form (an unticked box sends nothing, so a
    /// toggle is on only when its last value is "true").
    static func patch(from form: FormFields, category: SettingsCategory) throws(ValidationError) -> [String: Any] {
        var patch: [String: Any] = [:]
        for item in category.items where form[item.path] != nil {
            let value: Any
            switch item.kind {
            case .toggle: value = form.all(item.path).last == "true"
            case .choice(let choices):
                let chosen = form.text(item.path) ?? ""
                guard choices.contains(chosen) else {
                    throw ValidationError(field: item.path, message: t("settings.unknownChoice", ["label": item.label]))
                }
                value = chosen.isEmpty ? NSNull() : chosen
            case .time: value = form.text(item.path) ?? ""
            }
            set(value, at: item.path.split(separator: ".").map(String.init), in: &patch)
        }
        return patch
    }

    private static func set(_ value: Any, at path: [String], in object: inout [String: Any]) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object[first] = value
        } else {
            var child = object[first] as? [String: Any] ?? [:]
            set(value, at: Array(path.dropFirst()), in: &child)
            object[first] = child
        }
    }

    var pushDevices: PushDevices { PushDevices(store: services.store, now: services.now, ids: services.ids) }

    private func render(
        _ owner: UserID, context: AppRequestContext, query: String, saved: String?, errors: FormErrors, tested: Int? = nil
    ) async throws -> Response {
        let settings = try await services.settings.settings(owner)
        let (account, profile, onboarding, syncVersion) = try await services.store.read { repositories in
            let records = repositories.records(of: owner)
            return (
                try await repositories.accounts.find(id: owner), try await records.profile.get() ?? Profile(),
                try await records.documents.get(OnboardingProgress.self),
                try await records.changes.latest(.settings, recordIDs: [owner.rawValue])[owner.rawValue]?.sequence ?? 0
            )
        }
        let consent = onboarding?.consent.map {
            t(
                "settings.consentOn",
                ["version": String($0.version), "date": DisplayFormat.date($0.acceptedAt, in: profile.timeZone)])
        }
        var page = SettingsPage(
            settings: settings, deep: settings.coaching.mode == .deep, query: query, savedCategory: saved, errors: errors,
            account: SettingsPage.Account(
                name: profile.displayName ?? t("settings.notSet"), email: account?.email.value ?? "",
                dateOfBirth: profile.dateOfBirth.map { DisplayFormat.date($0, in: profile.timeZone) } ?? t("settings.notSet"),
                units: t(profile.unitSystem == .metric ? "units.metric" : "units.imperial"),
                timeZone: profile.timeZoneIdentifier, consent: consent ?? t("settings.noConsent"),
                hasConsent: onboarding?.consent != nil, modelTraining: onboarding?.consent?.deidentifiedModelTraining ?? false),
            syncVersion: syncVersion)
        if page.categories.contains(where: \.isNotifications) {
            page.push = SettingsPage.Push(
                vapidKey: try await services.push.vapidKey().publicKey,
                devices: try await pushDevices.list(owner).map { device in
                    let label = t("push.device.\(device.platform)")
                    return SettingsPage.Push.Device(
                        id: device.id.description, label: label,
                        registered: t("push.registered", ["date": DisplayFormat.date(device.registeredAt, in: profile.timeZone)]),
                        removeLabel: t("push.removeNamed", ["device": label]))
                },
                tested: tested.map {
                    $0 == 0
                        ? t("push.testedNoDevice") : $0 == 1 ? t("push.testedOne") : t("push.testedOther", ["count": String($0)])
                })
        }
        var chrome = Chrome(title: t("settings.title"), context: context, tab: .profile)
        chrome.adopt(settings)
        return services.renderer.render(
            "settings", chrome: chrome, content: page, status: errors.hasAny ? .unprocessableContent : .ok)
    }
}
