import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Profile › Your data › Import: upload an Apple Health export, follow its upload and import, and
/// see what earlier imports brought in.
struct ImportPagesController {
    let services: AppServices
    static let path = "/profile/data/import"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(RouterPath(String(Self.path.dropFirst()))) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let (items, zone, hasRecords) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (
                    try await records.imports.recent(limit: ImportsAPIController.listed),
                    try await records.timeZone(), try await records.restore.hasRecords()
                )
            }
            return services.renderer.render(
                "import", chrome: Chrome(title: t("imports.title"), context: context, tab: .profile),
                content: ImportPage(
                    items: items, zone: zone, limitBytes: services.configuration.importLimitBytes, hasRecords: hasRecords))
        }
    }
}

/// The import page's words and list.
struct ImportPage: Sendable {
    struct Item: Sendable {
        let id: String
        let fileName: String
        let when: String
        let state: String
        let message: String
        let running: Bool
        let failed: Bool
        let percent: Int?
        let notes: [String]
        let types: [TypeCount]
        let hasTypes: Bool
    }

    struct TypeCount: Sendable {
        let name: String
        let count: String
    }

    let items: [Item]
    let hasItems: Bool
    /// Whether the account has records already (a Thrive export cannot come in then).
    let hasRecords: Bool
    /// What the page takes, with the server's limit.
    let fileHint: String

    init(items: [DataImport], zone: TimeZone, limitBytes: Int, hasRecords: Bool) {
        self.hasRecords = hasRecords
        self.items = items.map { item in
            let body = DataImportBody(item, zone: zone)
            let types = (item.summary?.read ?? [:]).sorted { $0.value > $1.value }.map {
                TypeCount(name: Self.typeTitle($0.key), count: DisplayFormat.count($0.value))
            }
            return Item(
                id: item.id.description, fileName: item.fileName,
                when: "\(DisplayFormat.date(item.createdAt, in: zone)) \(DisplayFormat.time(item.createdAt, in: zone))",
                state: body.stateName, message: body.message,
                running: !item.state.isFinished, failed: item.state == .failed,
                percent: item.fractionRead.map { Int(($0 * 100).rounded(.down)) }, notes: body.notes, types: types,
                hasTypes: !types.isEmpty)
        }
        hasItems = !items.isEmpty
        fileHint = t("imports.fileHint", ["size": ImportFiles.size(limitBytes)])
    }

    /// "Heart rate" for the export's "HeartRate": the name the Your data page uses; a type without
    /// one keeps the export's name. A Thrive export counts by table ("Measurements").
    static func typeTitle(_ name: String) -> String {
        if PersonalTables.exported.contains(where: { $0.name == name }) { return t("imports.table.\(name)") }
        if let type = QuantityType(rawValue: QuantityType.identifierPrefix + name) { return type.title }
        if let type = CategoryType(rawValue: CategoryType.identifierPrefix + name) { return RecordKind.category(type).title }
        return name.lowercased() == "workout" ? RecordKind.workout.title : name
    }
}
