import Foundation
import ThriveCore
import ThriveStore

/// The report made outside a request, for `thrive report` and the benchmarks: the same pages,
/// checks and protection as the checklist page's, in the language given.
public struct PersonalReport: Sendable {
    public struct File: Sendable {
        public let name: String
        public let bytes: [UInt8]
    }

    let service: HealthReportService
    let store: Store

    public init(store: Store, now: Now = .system) {
        self.store = store
        service = HealthReportService(store: store, engines: HealthEngineService(store: store, now: now, ids: .random), now: now)
    }

    /// - Parameters:
    ///   - first, last: the period; nil for last month.
    /// - Throws: ``ValidationErrors`` for a period or password the page would refuse.
    public func make(
        _ owner: UserID, first: LocalDate? = nil, last: LocalDate? = nil, password: String, includeCSV: Bool = false,
        language: Language = .en
    ) async throws -> File {
        let body = HealthReportRequest.Body(
            span: first == nil && last == nil
                ? HealthReportRequest.Span.lastMonth.rawValue : HealthReportRequest.Span.custom.rawValue,
            from: first?.iso8601, to: last?.iso8601, password: password, includeCSV: includeCSV)
        let request = try HealthReportRequest.checked(body, today: try await service.calendar(owner).today)
        let file = try await Localizer.$current.withValue(Localizer(language)) { try await service.make(owner, request) }
        return File(name: file.name, bytes: file.bytes)
    }
}
