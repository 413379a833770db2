import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// `/api/v1/entries/{kind}` for a kind logged by hand: a day's entries, add, replace, delete (the
/// answer carries the entry) and undo of the last delete. Every route is confined to the caller's
/// records: another person's ID is simply not found.
struct EntriesAPIController<Entry: Codable & Sendable, Input: Codable & Sendable, Output: Encodable & Sendable>: Sendable {
    let kind: EntryKind<Entry>
    /// Builds a validated entry from the request body (with the ID to use and the current time).
    let make: @Sendable (Input, UUID, Date) throws -> Entry
    /// The answer for an entry, in the person's terms (a workout's next loads move in their own steps).
    let output: @Sendable (Entry, PersonContext) -> Output

    init(
        kind: EntryKind<Entry>, make: @escaping @Sendable (Input, UUID, Date) throws -> Entry,
        output: @escaping @Sendable (Entry, PersonContext) -> Output
    ) {
        self.kind = kind
        self.make = make
        self.output = output
    }

    /// A kind whose answer is the entry alone.
    init(
        kind: EntryKind<Entry>, make: @escaping @Sendable (Input, UUID, Date) throws -> Entry,
        output: @escaping @Sendable (Entry) -> Output
    ) {
        self.init(kind: kind, make: make, output: { entry, _ in output(entry) })
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>, services: AppServices) {
        let log = EntryLog(kind: kind, store: services.store, now: services.now, ids: services.ids)
        group.get { request, context -> Response in
            let owner = try context.requireUser()
            let person = try await services.engines.context(owner)
            let date = try request.askedDate() ?? person.today
            let entries = try await log.day(owner, date, in: person.zone)
            return try jsonResponse(EntryDayBody(date: date, entries: entries.map { output($0, person) }))
        }
        group.post { request, context -> Response in
            let owner = try context.requireUser()
            let input = try await StrictJSON.decode(Input.self, from: request, context: context, limit: 16 * 1024)
            let entry = try make(input, (services.ids.make() as Identifier<Entry>).rawValue, services.now())
            try await log.add(owner, entry)
            return try jsonResponse(output(entry, try await services.engines.context(owner)), status: .created)
        }
        group.put(":id") { request, context -> Response in
            let owner = try context.requireUser()
            let id = try id(context)
            let input = try await StrictJSON.decode(Input.self, from: request, context: context, limit: 16 * 1024)
            guard let entry = try await log.replace(owner, with: try make(input, id, services.now())) else {
                throw kind.missing
            }
            return try jsonResponse(output(entry, try await services.engines.context(owner)))
        }
        group.delete(":id") { _, context -> Response in
            let owner = try context.requireUser()
            guard let deleted = try await log.delete(owner, id: try id(context)) else { throw kind.missing }
            return try jsonResponse(output(deleted, try await services.engines.context(owner)))
        }
        group.post("undo-delete") { _, context -> Response in
            let owner = try context.requireUser()
            guard let restored = try await log.undoDelete(owner) else {
                throw AppError.notFound(t("api.noDeleted"))
            }
            return try jsonResponse(output(restored, try await services.engines.context(owner)), status: .created)
        }
    }

    private func id(_ context: AppRequestContext) throws -> UUID {
        guard let text = context.parameters.get("id"), let uuid = UUID(uuidString: text) else { throw kind.missing }
        return uuid
    }
}

extension EntriesAPIController where Entry == MoodCheckIn, Input == CheckInRequest, Output == CheckInBody {
    static let checkIns = EntriesAPIController(
        kind: .checkIn,
        make: { input, id, now in
            try ManualEntries.checkIn(
                id: id, at: input.recordedAt, mood: input.mood, energy: input.energy, stress: input.stress, note: input.note,
                now: now)
        }, output: CheckInBody.init)
}

extension EntriesAPIController where Entry == QuantitySample, Input == WeighInRequest, Output == WeighInBody {
    static let weighIns = EntriesAPIController(
        kind: .weight,
        make: { input, id, now in try ManualEntries.weighIn(id: id, at: input.measuredAt, kilograms: input.kilograms, now: now) },
        output: WeighInBody.init)
}

extension EntriesAPIController where Entry == QuantitySample, Input == WaterRequest, Output == WaterBody {
    static let water = EntriesAPIController(
        kind: .water,
        make: { input, id, now in try ManualEntries.water(id: id, at: input.drankAt, millilitres: input.millilitres, now: now) },
        output: WaterBody.init)
}

extension EntriesAPIController where Entry == JournalEntry, Input == JournalRequest, Output == JournalBody {
    static let journal = EntriesAPIController(
        kind: .journal,
        make: { input, id, now in try ManualEntries.journal(id: id, at: input.writtenAt, text: input.text, now: now) },
        output: JournalBody.init)
}

extension EntriesAPIController where Entry == CategorySample, Input == SleepRequest, Output == SleepBody {
    static let sleep = EntriesAPIController(
        kind: .sleep,
        make: { input, id, now in
            try ManualEntries.sleep(id: id, from: input.start, to: input.end, quality: input.quality, now: now)
        }, output: SleepBody.init)
}

extension EntriesAPIController where Entry == Workout, Input == WorkoutRequest, Output == WorkoutBody {
    static let workouts = EntriesAPIController(
        kind: .workout, make: { input, id, now in try input.workout(id: id, now: now) },
        output: { workout, person in WorkoutBody(workout, steps: person.loadSteps) })
}
