import Foundation
import ThriveCore

/// What a browser needs to keep a form as a sync change while it is offline: the change's kind,
/// the person's zone and units (so a typed time and amount mean what the server would take them to
/// mean), what the entry is called in the list of entries waiting, and for an edit the record and
/// the server version the edit is made on. Templates put `attributes` inside the form's tag.
struct OfflineForm: Sendable {
    let attributes: String

    init(_ kind: ChangeKind, label: String, profile: Profile, record: UUID? = nil, version: Int64? = nil) {
        var pairs = [
            ("kind", kind.rawValue), ("label", label), ("zone", profile.timeZone.identifier),
            ("units", profile.unitSystem.rawValue),
        ]
        if let record { pairs.append(("record", record.uuidString.lowercased())) }
        if let version { pairs.append(("version", String(version))) }
        attributes = pairs.map { " data-sync-\($0.0)=\"\(Self.escaped($0.1))\"" }.joined()
    }

    /// The values come from fixed alphabets (kinds, zone names, UUIDs), escaped all the same since
    /// the template inserts them unescaped.
    private static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
