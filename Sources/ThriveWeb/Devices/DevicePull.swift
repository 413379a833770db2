import Foundation
import ThriveCore
import ThriveImport
import ThriveStore

/// How a pull ended.
enum PullOutcome: Equatable, Sendable {
    case pulled(Int)
    /// Counted against the connection, to be tried again at `next` (nil: nothing was counted).
    case failed(DeviceConnection.Problem, next: Date?)
    /// The connection was removed, or needs the person to connect again: nothing more to pull.
    case stopped
}

extension DeviceServices {
    /// The scheduled pull: a fresh access token from the sealed refresh token (the rotated refresh
    /// token saved at once, so a failure later cannot lose the connection), then the window since
    /// the last sync. Returns when to pull next, or nil to stop.
    func scheduledPull(_ id: DeviceConnectionID, for owner: UserID) async throws -> Date? {
        let (found, sealed) = try await store.read { repositories in
            let devices = repositories.records(of: owner).devices
            return (try await devices.get(id), try await devices.sealedToken(for: id))
        }
        guard let connection = found, connection.state == .active else { return nil }
        let vault = try vault()
        guard let sealed, let opened = vault.open(sealed, purpose: Self.tokenPurpose(id)) else {
            try await lose(connection, for: owner)
            return nil
        }
        let refresh = SecretToken(String(decoding: opened, as: UTF8.self))
        defer { refresh.wipe() }
        let client = try client(connection.provider)
        let grant: TokenGrant
        do {
            grant = try await client.refresh(refresh)
        } catch .revoked {
            try await lose(connection, for: owner)
            return nil
        } catch {
            return try await failed(connection, error, for: owner)
        }
        defer { grant.wipe() }
        if let rotated = grant.refresh, !rotated.isEmpty {
            let resealed = vault.seal(Data(rotated.reveal().utf8), purpose: Self.tokenPurpose(id))
            try await store.write { try await $0.records(of: owner).devices.setSealedToken(resealed, for: id) }
        }
        switch await pull(connection, access: grant.access, for: owner) {
        case .pulled: return PullSchedule.next(after: now(), failures: 0)
        case .failed(_, let next): return next ?? PullSchedule.next(after: now(), failures: connection.failures)
        case .stopped: return nil
        }
    }

    /// Reads the window since the last sync (30 days the first time) and stores it with the
    /// connection's new state and a safety evaluation, in one transaction.
    func pull(_ connection: DeviceConnection, access: SecretToken, for owner: UserID) async -> PullOutcome {
        do {
            let zone = try await store.read { try await $0.records(of: owner).timeZone() }
            guard let app = configuration.apps[connection.provider] else { return .stopped }
            let time = now()
            let window = DateInterval(start: PullSchedule.windowStart(lastSyncAt: connection.lastSyncAt, now: time), end: time)
            var records = DeviceRecords(owner: owner, provider: connection.provider, pulledAt: time)
            do {
                try await DeviceReaders.reader(for: connection.provider).read(
                    window, zone: zone, into: &records,
                    api: ProviderAPI(endpoints: app.endpoints, transport: transport, token: access))
            } catch {
                let next = try await failed(connection, error, for: owner)
                return error == .revoked ? .stopped : .failed(Self.problem(error), next: next)
            }
            records.removeDuplicates()
            var updated = connection
            updated.lastSyncAt = time
            updated.failures = 0
            updated.problem = nil
            updated.recordsStored += records.count
            let evaluation = SafetyEvaluationJob.job(for: owner, at: time, ids: ids)
            let (pulled, saved) = (records, updated)
            try await store.write { repositories in
                let personal = repositories.records(of: owner)
                // Disconnected meanwhile: what was read is not kept.
                guard try await personal.devices.get(saved.id) != nil else { return }
                try await personal.quantitySamples.store(pulled.quantities)
                try await personal.categorySamples.store(pulled.categories)
                try await personal.devices.save(saved)
                if pulled.count > 0 { try await repositories.jobs.enqueue(evaluation) }
            }
            return .pulled(records.count)
        } catch {
            return .failed(.unavailable, next: nil)
        }
    }

    /// Counts a failed pull against the connection; returns when to try again (nil: stop).
    private func failed(_ connection: DeviceConnection, _ error: ProviderError, for owner: UserID) async throws -> Date? {
        if error == .revoked {
            try await lose(connection, for: owner)
            return nil
        }
        var updated = connection
        updated.failures += 1
        updated.problem = Self.problem(error)
        let saved = updated
        try await store.write { repositories in
            let devices = repositories.records(of: owner).devices
            guard try await devices.get(saved.id) != nil else { return }
            try await devices.save(saved)
        }
        return PullSchedule.next(after: now(), failures: updated.failures, retryAfter: Self.retryAfter(error))
    }

    /// The provider no longer honours the authorization: the token is forgotten, the connection
    /// waits for the person to connect again, and they are told so in the notification center.
    private func lose(_ connection: DeviceConnection, for owner: UserID) async throws {
        var updated = connection
        updated.state = .needsReconnect
        updated.problem = .revoked
        let entry = NotificationEntry(
            id: NotificationID(ids.uuid()), kind: .dataImport, key: "device:\(connection.id):revoked",
            title: Phrase("notification.device.revoked.title", ["provider": .text(connection.provider.brand)]),
            body: Phrase("notification.device.revoked.body", ["provider": .text(connection.provider.brand)]),
            link: DevicePagesController.path, createdAt: now())
        let (saved, ids) = (updated, self.ids)
        try await store.write { repositories in
            let devices = repositories.records(of: owner).devices
            guard try await devices.get(saved.id) != nil else { return }
            try await devices.save(saved)
            try await devices.setSealedToken(nil, for: saved.id)
            try await NotificationDispatch.post(entry, pushAt: nil, in: repositories, owner: owner, ids: ids)
        }
    }

    static func problem(_ error: ProviderError) -> DeviceConnection.Problem {
        switch error {
        case .rateLimited: .rateLimited
        case .revoked: .revoked
        case .expired, .unavailable, .unreadable: .unavailable
        }
    }

    static func retryAfter(_ error: ProviderError) -> TimeInterval? {
        if case .rateLimited(let wait) = error { return wait ?? 15 * 60 }
        return nil
    }
}
