import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Profile › Your data › Export: ask for a copy of everything, follow it while it is prepared, and
/// download it for seven days.
struct DataExportPagesController {
    let services: AppServices
    static let path = "/profile/data/export"

    func addRoutes(to router: Router<AppRequestContext>) {
        let route = RouterPath(String(Self.path.dropFirst()))
        router.get(route) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let items = try await services.dataExports.recent(for: owner)
            let zone = try await services.store.read { try await $0.records(of: owner).timeZone() }
            return services.renderer.render(
                "export", chrome: Chrome(title: t("exports.title"), context: context, tab: .profile),
                content: DataExportPage(items: items, zone: zone, now: services.now()))
        }
        router.post(route) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let item = try await services.dataExports.request(for: owner)
            return .redirect(to: "\(Self.path)#export-\(item.id)", type: .normal)
        }
        router.get(RouterPath(String(Self.path.dropFirst()) + "/:id/download")) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            do {
                return try await DataExportDownload.response(
                    try DataExportAPIController.id(context), for: owner, services: services, context: context)
            } catch let error as AppError where error.status == .gone || error.status == .conflict {
                // Expired or not ready since the page was shown: the list says which.
                return .redirect(to: Self.path, type: .normal)
            }
        }
    }
}

/// The export page's list, each export in words.
struct DataExportPage: Sendable {
    struct Item: Sendable {
        let id: String
        let requested: String
        let state: String
        let message: String
        let running: Bool
        let ready: Bool
        let failed: Bool
        let download: String
    }

    let items: [Item]
    let hasItems: Bool
    /// Whether one is being prepared now (asking again then gives the same one).
    let preparing: Bool

    init(items: [DataExport], zone: TimeZone, now: Date) {
        self.items = items.map { item in
            let state = item.state(at: now)
            return Item(
                id: item.id.description,
                requested: DisplayFormat.date(item.requestedAt, in: zone) + ", "
                    + DisplayFormat.time(item.requestedAt, in: zone), state: t("exports.state.\(state.rawValue)"),
                message: Self.message(item, state: state, zone: zone), running: !state.isFinished,
                ready: state == .ready, failed: state == .failed,
                download: "\(DataExportPagesController.path)/\(item.id)/download")
        }
        hasItems = !items.isEmpty
        preparing = items.contains { !$0.state.isFinished }
    }

    private static func message(_ item: DataExport, state: DataExport.State, zone: TimeZone) -> String {
        switch state {
        case .waiting, .building: return t("exports.preparing")
        case .ready:
            return t(
                "exports.readyDetail",
                [
                    "records": DisplayFormat.count(item.records ?? 0), "size": ImportFiles.size(item.bytes ?? 0),
                    "date": item.expiresAt.map { DisplayFormat.date($0, in: zone) } ?? "",
                ])
        case .expired: return t("exports.expired")
        case .failed: return t("exports.failed")
        }
    }
}
