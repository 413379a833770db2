import Foundation

public typealias DataExportID = Identifier<DataExport>

/// A copy of everything a person keeps in Thrive, asked for by them (spec 000 F4.6: a ZIP of JSON
/// and CSV): it waits for the job runner, is built in the background, and can then be downloaded
/// by its owner for seven days, after which the file is deleted.
public struct DataExport: Equatable, Sendable, Identifiable {
    public enum State: String, Sendable, Codable, CaseIterable {
        case waiting
        case building
        case ready
        case failed
        /// Ready once, but its seven days are over and the file is gone.
        case expired

        public var isFinished: Bool { self != .waiting && self != .building }
    }

    /// How long a finished export can be downloaded.
    public static let linkLifetime: TimeInterval = 7 * 86_400

    public let id: DataExportID
    public var state: State
    public let requestedAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?
    /// Records written, once built.
    public var records: Int?
    /// The ZIP's size, once built.
    public var bytes: Int?

    public init(
        id: DataExportID, state: State = .waiting, requestedAt: Date, startedAt: Date? = nil, finishedAt: Date? = nil,
        records: Int? = nil, bytes: Int? = nil
    ) {
        self.id = id
        self.state = state
        self.requestedAt = requestedAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.records = records
        self.bytes = bytes
    }

    /// When the download ends: seven days after it was ready.
    public var expiresAt: Date? { state == .ready || state == .expired ? finishedAt.map { $0 + Self.linkLifetime } : nil }

    /// Its state as the person sees it at `now`: a ready export past its seven days is expired.
    public func state(at now: Date) -> State {
        if state == .ready, let expiresAt, now >= expiresAt { return .expired }
        return state
    }

    /// Whether its file may be downloaded at `now` (until the seventh day's end, exclusive).
    public func isDownloadable(at now: Date) -> Bool { state(at: now) == .ready }

    /// The name the download is saved under: `thrive-export-2026-11-26.zip`, in the person's zone.
    public func fileName(in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: finishedAt ?? requestedAt)
        return String(format: "thrive-export-%04d-%02d-%02d.zip", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    }
}
