import ThriveCore

extension Schema {
    /// Passkeys: each credential's public key (COSE, as the authenticator gave it), its signature
    /// counter, and the name the person gave it.
    static let passkeys = Migration(version: 25, name: "passkeys") { t in
        [
            """
            CREATE TABLE passkeys (
                credential_id TEXT PRIMARY KEY,
                user_id \(t.uuid) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                public_key TEXT NOT NULL,
                sign_count \(t.integer) NOT NULL,
                created_at \(t.timestamp) NOT NULL,
                last_used_at \(t.timestamp)
            )
            """,
            "CREATE INDEX passkeys_user ON passkeys (user_id)",
        ]
    }
}
