import Crypto
import Foundation
import ThriveCore

/// Seals what must not be readable without the operator's key: a provider's refresh token at rest,
/// and the OAuth relay's state and handle while they travel through the person's browser. AES-GCM
/// with a key derived for each purpose (HKDF-SHA256), so a sealed value made for one use cannot be
/// passed off as another (a state as a handle, one connection's token as another's).
struct TokenVault: Sendable {
    let key: SymmetricKey

    init(key: Data) {
        self.key = SymmetricKey(data: key)
    }

    func seal(_ plaintext: Data, purpose: String) -> String {
        // AES-GCM with a random 96-bit nonce cannot fail for these sizes.
        let box = try! AES.GCM.seal(plaintext, using: subkey(purpose))
        return box.combined!.base64URLEncoded
    }

    func open(_ sealed: String, purpose: String) -> Data? {
        guard let data = Data(base64URLEncoded: sealed), let box = try? AES.GCM.SealedBox(combined: data) else { return nil }
        return try? AES.GCM.open(box, using: subkey(purpose))
    }

    private func subkey(_ purpose: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Data("thrive device \(purpose)".utf8), outputByteCount: 32)
    }

    /// The key from configuration, or the one in `file`, made (0600) when there is none yet.
    static func load(configured: Data?, file: URL) throws -> TokenVault {
        if let configured { return TokenVault(key: configured) }
        if let text = try? String(contentsOf: file, encoding: .utf8),
            let key = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), key.count == 32
        {
            return TokenVault(key: key)
        }
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard
            FileManager.default.createFile(
                atPath: file.path, contents: Data(key.base64EncodedString().utf8), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteNoPermission) }
        return TokenVault(key: key)
    }
}

/// What the relay's `state` (on the way to the provider) and handle (on the way back to the app)
/// carry, sealed: whose connection it is, to which provider, the app's PKCE challenge, and — in a
/// handle — the authorization code. Nothing is kept on the server between the steps, so any of
/// several server processes can take the callback, and a restart loses nothing but time.
struct RelayTicket: Codable, Sendable {
    let owner: UUID
    let provider: DeviceProvider
    let challenge: String
    /// Where the callback sends the person (a path on this server, or an app's own scheme).
    let returnTo: String?
    let code: String?
    let expires: Date
    let nonce: String

    static let stateLifetime: TimeInterval = 15 * 60
    static let handleLifetime: TimeInterval = 5 * 60

    func sealed(_ vault: TokenVault, purpose: String) -> String {
        vault.seal(try! JSONEncoder().encode(self), purpose: purpose)
    }

    static func opened(_ text: String, _ vault: TokenVault, purpose: String, at now: Date) -> RelayTicket? {
        guard let data = vault.open(text, purpose: purpose), let ticket = try? JSONDecoder().decode(RelayTicket.self, from: data),
            ticket.expires > now
        else { return nil }
        return ticket
    }
}
