import Foundation
import ThriveCore
import ThriveStore

extension Settings: PersonDocument {
    public static let documentKind = "settings"
    public static let changeKind: ChangeKind? = .settings
}

/// Reads and changes a person's settings. A change is a JSON merge patch (RFC 7396): only the fields
/// it names change, so two devices changing different settings never undo each other.
struct SettingsService: Sendable {
    let store: Store
    let now: Now
    /// Whether this server has a hosted coach set up, which a person may then pick.
    var hostedCoachAvailable = false

    func settings(_ owner: UserID) async throws -> Settings {
        try await store.read { try await $0.records(of: owner).documents.get(Settings.self) } ?? Settings()
    }

    /// Applies a patch in one transaction: read, merge, validate, save.
    func apply(_ patch: [String: Any], for owner: UserID) async throws -> Settings {
        let time = now()
        let patchData = try JSONSerialization.data(withJSONObject: patch)
        return try await store.write { repositories -> Settings in
            let documents = repositories.records(of: owner).documents
            let updated = try Self.applying(patchData, to: try await documents.get(Settings.self) ?? Settings())
            if updated.coaching.coach == .anthropic, !hostedCoachAvailable {
                throw ValidationError.because("coaching.coach", "hostedCoachOff")
            }
            try await documents.save(updated, at: time)
            return updated
        }
    }

    /// `current` with a merge patch applied, validated; nothing is saved.
    static func applying(_ patchData: Data, to current: Settings) throws -> Settings {
        let base = try JSONSerialization.jsonObject(with: try StrictJSON.makeEncoder().encode(current))
        let patch = try JSONSerialization.jsonObject(with: patchData)
        let defaults = try JSONSerialization.jsonObject(with: try StrictJSON.makeEncoder().encode(Settings()))
        let merged = try JSONSerialization.data(withJSONObject: Self.merge(patch, into: base, defaults: defaults))
        return try StrictJSON.decode(Settings.self, from: merged).validated()
    }

    /// RFC 7396: objects merge key by key, anything else replaces. Null removes a member, which for
    /// settings means going back to its default.
    static func merge(_ patch: Any, into target: Any, defaults: Any) -> Any {
        guard let patch = patch as? [String: Any] else { return patch }
        var result = target as? [String: Any] ?? [:]
        let defaults = defaults as? [String: Any] ?? [:]
        for (key, value) in patch {
            if value is NSNull {
                result[key] = defaults[key]
            } else {
                result[key] = merge(value, into: result[key] ?? [String: Any](), defaults: defaults[key] ?? [String: Any]())
            }
        }
        return result
    }
}
