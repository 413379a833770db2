import Foundation

/// The smallest change a load can really make: plates, dumbbells and weight stacks come in steps.
/// A plan that says "+2.5 %" on a 10 kg dumbbell means nothing: the next dumbbell is 11 or 12 kg.
/// Defaults are the common gym steps: a barbell goes up by a pair of the smallest plates (2.5 kg, or
/// 5 lb), dumbbells by 1 kg (2.5 lb), kettlebells by 2 kg (5 lb), machines by one plate of the stack
/// (2.5 kg, or 5 lb).
public struct LoadSteps: Hashable, Sendable, Codable {
    public var barbell: Mass
    public var dumbbell: Mass
    public var kettlebell: Mass
    public var machine: Mass

    public init(barbell: Mass, dumbbell: Mass, kettlebell: Mass, machine: Mass) {
        self.barbell = barbell
        self.dumbbell = dumbbell
        self.kettlebell = kettlebell
        self.machine = machine
    }

    public static func defaults(for units: UnitSystem) -> LoadSteps {
        units == .metric
            ? LoadSteps(
                barbell: Mass(kilograms: 2.5), dumbbell: Mass(kilograms: 1), kettlebell: Mass(kilograms: 2),
                machine: Mass(kilograms: 2.5))
            : LoadSteps(
                barbell: Mass(pounds: 5), dumbbell: Mass(pounds: 2.5), kettlebell: Mass(pounds: 5), machine: Mass(pounds: 5))
    }

    /// The step of the equipment that carries the load: a barbell before a machine before kettlebells
    /// before dumbbells; a body-weight exercise with an added load moves like dumbbells.
    public func step(for exercise: Exercise) -> Mass {
        if exercise.equipment.contains(.barbell) { return barbell }
        if exercise.equipment.contains(.machines) { return machine }
        if exercise.equipment.contains(.kettlebells) { return kettlebell }
        return dumbbell
    }

    /// `load` on the equipment's steps: the nearest multiple of `step`.
    public static func rounded(_ load: Mass, to step: Mass) -> Mass {
        guard step.kilograms > 0 else { return load }
        return Mass(kilograms: (load.kilograms / step.kilograms).rounded() * step.kilograms)
    }
}
