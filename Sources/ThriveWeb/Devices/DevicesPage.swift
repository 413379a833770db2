import Foundation
import ThriveCore

/// The connected-devices page: a notice about what just happened, each connection with its state,
/// and the providers the person can still connect, with what each would share.
struct DevicesPage: Sendable {
    struct Connection: Sendable {
        let provider: String
        let name: String
        let status: String
        let problem: String?
        let stale: String?
        let provides: String
        let preferred: String?
        let active: Bool
        let connectForm: Offer
    }

    struct Offer: Sendable {
        let provider: String
        let name: String
        let connectLabel: String
        let consent: [String]
    }

    let notice: String?
    let noticeIsProblem: Bool
    let connections: [Connection]
    let hasConnections: Bool
    let offers: [Offer]
    let hasOffers: Bool
    let nothingOffered: Bool

    init(
        offered: [DeviceProvider], connections: [DeviceConnection], zone: TimeZone, now: Date,
        preferences: SourcePolicy = SourcePolicy(), query: [String: String] = [:]
    ) {
        let connected = Set(connections.map(\.provider))
        self.connections = connections.map { connection in
            let brand = connection.provider.brand
            let status: String =
                if connection.state == .needsReconnect {
                    t("devices.status.reconnect", ["provider": brand])
                } else if let last = connection.lastSyncAt {
                    t("devices.status.synced", ["when": DisplayFormat.since(last, zone: zone, now: now)])
                } else {
                    t("devices.status.never")
                }
            let kinds = connection.scopes.flatMap(\.kinds)
            let preferredKinds = kinds.filter { preferences.preferred[$0.identifier] == brand }
            return Connection(
                provider: connection.provider.rawValue, name: brand, status: status,
                problem: connection.state == .active
                    ? connection.problem.map { t("devices.problem.\($0.rawValue)", ["provider": brand]) } : nil,
                stale: connection.state == .active && connection.isStale(at: now)
                    ? t("devices.stale", ["provider": brand]) : nil,
                provides: Self.names(connection.scopes),
                preferred: preferredKinds.isEmpty ? nil : t("devices.preferred", ["metrics": Self.kindNames(preferredKinds)]),
                active: connection.state == .active, connectForm: Self.offer(connection.provider))
        }
        hasConnections = !connections.isEmpty
        offers = offered.filter { !connected.contains($0) }.map(Self.offer)
        hasOffers = !offers.isEmpty
        nothingOffered = offered.isEmpty
        (notice, noticeIsProblem) = Self.notice(query)
    }

    static func offer(_ provider: DeviceProvider) -> Offer {
        Offer(
            provider: provider.rawValue, name: provider.brand,
            connectLabel: t("devices.connect", ["provider": provider.brand]),
            consent: provider.scopes.map { t("devices.scope.\($0.rawValue)") })
    }

    /// "Heart rate, steps and sleep".
    static func names(_ scopes: [DeviceScope]) -> String {
        t(Phrase("devices.provides", ["kinds": .names(scopes.map { t("devices.kind.\($0.rawValue)") })]))
    }

    static func kindNames(_ kinds: [RecordKind]) -> String {
        t(Phrase("devices.kinds", ["kinds": .names(kinds.map(\.title))]))
    }

    /// What the last action did, from the address the action sent the person to.
    static func notice(_ query: [String: String]) -> (String?, Bool) {
        func provider(_ key: String) -> String? {
            query[key].flatMap { DeviceProvider(rawValue: $0) }?.brand
        }
        if let name = provider("connected") {
            let pulled = Int(query["pulled"] ?? "") ?? 0
            return (t(Phrase("devices.notice.connected", ["provider": .text(name), "count": .integer(pulled)])), false)
        }
        if let name = provider("refused") {
            return (t("devices.notice.refused", ["provider": name]), true)
        }
        if let name = provider("failed") {
            let key = query["code"] == "provider_busy" ? "devices.busy" : "devices.notice.failed"
            return (t(key, ["provider": name]), true)
        }
        if let name = provider("disconnected") {
            let deleted = Int(query["deleted"] ?? "") ?? 0
            var text =
                deleted == 0
                ? t("devices.notice.disconnected", ["provider": name])
                : t(Phrase("devices.notice.disconnectedDeleted", ["provider": .text(name), "count": .integer(deleted)]))
            if query["revoked"] == "0" { text += " " + t("devices.notice.revokeYourself", ["provider": name]) }
            return (text, false)
        }
        if let name = provider("syncing") { return (t("devices.notice.syncing", ["provider": name]), false) }
        return (nil, false)
    }
}
