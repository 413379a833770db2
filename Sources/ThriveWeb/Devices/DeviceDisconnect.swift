import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

extension DeviceServices {
    struct Disconnected: Sendable, Equatable {
        /// Whether the provider confirmed it forgot Thrive's authorization.
        let revokedAtProvider: Bool
        /// Records deleted with it (0 when the person kept them).
        let deleted: Int
    }

    /// `POST /disconnect`: asks the provider to revoke, then forgets the connection and its token
    /// and, when the person chose so, deletes what came from it — in one transaction. The
    /// connection goes even when the provider cannot be reached: the person is told to withdraw
    /// Thrive there too.
    func disconnect(_ provider: DeviceProvider, keepingData: Bool, for owner: UserID) async throws -> Disconnected {
        let (found, sealed) = try await store.read { repositories in
            let devices = repositories.records(of: owner).devices
            guard let connection = try await devices.get(provider) else { return (DeviceConnection?.none, String?.none) }
            return (connection, try await devices.sealedToken(for: connection.id))
        }
        guard let connection = found else {
            throw AppError.notFound(t("devices.notConnected", ["provider": provider.brand]))
        }
        let revoked = await revoke(connection, sealed: sealed)
        let deleted = try await store.write { repositories in
            let personal = repositories.records(of: owner)
            try await personal.devices.delete(connection.id)
            guard !keepingData else { return 0 }
            let source = provider.source
            return try await personal.quantitySamples.delete(from: source) + personal.categorySamples.delete(from: source)
        }
        return Disconnected(revokedAtProvider: revoked, deleted: deleted)
    }

    private func revoke(_ connection: DeviceConnection, sealed: String?) async -> Bool {
        guard let sealed, let vault = try? vault(), let client = try? client(connection.provider),
            let opened = vault.open(sealed, purpose: Self.tokenPurpose(connection.id))
        else { return false }
        let refresh = SecretToken(String(decoding: opened, as: UTF8.self))
        defer { refresh.wipe() }
        do {
            if client.revokesWithAccessToken {
                let grant = try await client.refresh(refresh)
                defer { grant.wipe() }
                try await client.revoke(grant.access)
            } else {
                try await client.revoke(refresh)
            }
            return connection.provider != .withings
        } catch .revoked {
            // The provider had already forgotten it.
            return true
        } catch {
            return false
        }
    }
}
