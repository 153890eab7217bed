import CLua
import TransitCore

// Auto Layout (TransitCore/Layout/AutoLayout): NSLayoutConstraint, the anchors, UILayoutGuide
// of a script's own, UILayoutPriority, and UIView's constraint members. The Lua forms follow
// the rule of the rest of the API: a Swift argument label is an options-table key, so Swift's
// `a.topAnchor.constraint(equalTo: b.topAnchor, constant: 16)` is
// `a.topAnchor:constraint{equalTo = b.topAnchor, constant = 16}`.

extension TransitAPI {
    nonisolated(unsafe) static let layoutEnums: [APIEnum] = [
        APIEnum(name: "NSLayoutAttribute", cases: LayoutAttribute.allCases.map(\.rawValue), doc: "NSLayoutConstraint.Attribute (leading is left, trailing is right: Transit lays out left to right)"),
        APIEnum(name: "NSLayoutRelation", cases: LayoutConstraintRelation.allCases.map(\.rawValue), doc: "NSLayoutConstraint.Relation"),
        APIEnum(name: "NSLayoutConstraintAxis", cases: LayoutAxis.allCases.map(\.rawValue), doc: "NSLayoutConstraint.Axis (content hugging and compression resistance)"),
    ]

    static func autoLayoutClasses() -> [APIClass] {
        [constraintClass(), anchorClass(), anchorSubclass("NSLayoutXAxisAnchor", XAxisAnchor.self, "an x-axis anchor: leading, trailing, left, right, centerX"),
         anchorSubclass("NSLayoutYAxisAnchor", YAxisAnchor.self, "a y-axis anchor: top, bottom, centerY"), dimensionClass(), priorityClass()]
    }

    private static func constraintClass() -> APIClass {
        var cls = APIClass(name: "NSLayoutConstraint", superclass: "NSObject",
                           doc: "A relation between two items' attributes: firstItem.firstAttribute (relation) secondItem.secondAttribute × multiplier + constant, at a priority. Inactive until isActive = true or NSLayoutConstraint.activate{...}.", isValue: false)
        cls.matches = { $0 is LayoutConstraint }
        cls.constructorParameters = [parameter("options", .options(constraintOptions), "{item=, attribute=\"top\", relatedBy=\"equal\", toItem=, attribute2=\"top\", multiplier=1, constant=0, priority=1000, identifier=}: Swift's NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)")]
        cls.construct = { call in
            guard call.isTable(1) else { throw call.argumentError(1, "an options table {item=, attribute=, relatedBy=, toItem=, attribute2=, multiplier=, constant=}") }
            try call.checkOptions(1, constraintOptions)
            guard let item = try call.layoutItemOption(1, "item") else { throw call.fail("item (a UIView or UILayoutGuide) is required") }
            guard let attribute = try call.enumOption(1, "attribute", LayoutAttribute.self, "NSLayoutAttribute") else { throw call.fail("attribute is required, e.g. attribute = \"top\"") }
            let relation = try call.enumOption(1, "relatedBy", LayoutConstraintRelation.self, "NSLayoutRelation") ?? .equal
            let toItem = try call.layoutItemOption(1, "toItem")
            let second = try call.enumOption(1, "attribute2", LayoutAttribute.self, "NSLayoutAttribute") ?? (toItem == nil ? .notAnAttribute : attribute)
            let constraint = try call.layout {
                try LayoutConstraint(world: call.runtime.world, item: item, attribute: attribute, relatedBy: relation, toItem: toItem, attribute: second,
                                     multiplier: try call.numberOption(1, "multiplier") ?? 1, constant: try call.numberOption(1, "constant") ?? 0,
                                     priority: try call.numberOption(1, "priority") ?? LayoutPriority.required)
            }
            if call.field(1, "identifier") { constraint.identifier = call.runtime.string(at: -1) }
            transit_pop(call.L, 1)
            return constraint
        }
        cls.properties = [
            property("firstItem", .optional(.object("NSObject")), "the first item (a UIView or UILayoutGuide; weak)", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.firstItem) }),
            property("firstAttribute", .enumeration("NSLayoutAttribute"), "the first item's attribute", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.firstAttribute.rawValue) }),
            property("relation", .enumeration("NSLayoutRelation"), "\"equal\", \"lessThanOrEqual\" or \"greaterThanOrEqual\"", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.relation.rawValue) }),
            property("secondItem", .optional(.object("NSObject")), "the second item, or nil for a constant size", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.secondItem) }),
            property("secondAttribute", .enumeration("NSLayoutAttribute"), "the second item's attribute (\"notAnAttribute\" without one)", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.secondAttribute.rawValue) }),
            property("multiplier", .number, "the second attribute's multiplier (fixed when made)", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.multiplier) }),
            property("constant", .finite(), "the constant; change it, then layoutIfNeeded() inside an animation block to animate the frames it moves", \LayoutConstraint.constant),
            property("priority", .finite(), "1...1000 (UILayoutPriority.required = 1000 is a hard constraint); an active constraint stays required or optional", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.priority) }, set: { call, c, newValue in try call.layout { try c.setPriority(newValue) } }),
            property("isActive", .boolean(), "true: installed on the items' nearest common ancestor and solved; false: removed", of: LayoutConstraint.self,
                     get: { call, c in call.push(c.isActive) }, set: { call, c, newValue in try call.layout { try c.setActive(newValue) } }),
            property("identifier", .optional(.string()), "a name shown in traces and in unsatisfiable-constraint logs", \LayoutConstraint.identifier),
        ]
        cls.functions = [
            function("activate", .checked("constraints", .list(.object("NSLayoutConstraint")), "a list of constraints"),
                     doc: "activates each (Swift NSLayoutConstraint.activate([...]))") { call, _ in
                for constraint in try call.constraintList(1) { try call.layout { try constraint.setActive(true) } }
                return 0
            },
            function("deactivate", .checked("constraints", .list(.object("NSLayoutConstraint")), "a list of constraints"),
                     doc: "deactivates each (Swift NSLayoutConstraint.deactivate([...]))") { call, _ in
                for constraint in try call.constraintList(1) { try call.layout { try constraint.setActive(false) } }
                return 0
            },
        ]
        return cls
    }

    private static func anchorClass() -> APIClass {
        var cls = APIClass(name: "NSLayoutAnchor", superclass: "NSObject",
                           doc: "An item's attribute, to make constraints from: anchor:constraint{equalTo = other, constant = 8}.", isValue: false)
        cls.matches = { $0 is LayoutAnchor }
        cls.properties = [
            property("item", .optional(.object("NSObject")), "the view or guide (weak)", of: LayoutAnchor.self, get: { call, a in call.push(a.item) }),
            property("attribute", .enumeration("NSLayoutAttribute"), "which attribute of it", of: LayoutAnchor.self, get: { call, a in call.push(a.attribute.rawValue) }),
        ]
        cls.methods = [
            method("constraint", .checked("options", .union([.options(AnchorConstraintOptions.axis), .options(AnchorConstraintOptions.dimension)]), "{equalTo=, greaterThanOrEqualTo=, lessThanOrEqualTo= (one of them, an anchor of the same axis), constant=0; a dimension also multiplier=, or equalToConstant= / greaterThanOrEqualToConstant= / lessThanOrEqualToConstant=}"),
                   returns: .object("NSLayoutConstraint"), doc: "an inactive constraint (Swift constraint(equalTo:constant:) and the others)", of: LayoutAnchor.self) { call, anchor, _ in
                call.push(try call.anchorConstraint(anchor))
                return 1
            },
        ]
        return cls
    }

    private static func anchorSubclass<T: LayoutAnchor>(_ name: String, _ type: T.Type, _ doc: String) -> APIClass {
        var cls = APIClass(name: name, superclass: "NSLayoutAnchor", doc: doc, isValue: false)
        cls.matches = { $0 is T }
        return cls
    }

    private static func dimensionClass() -> APIClass {
        var cls = anchorSubclass("NSLayoutDimension", DimensionAnchor.self, "a width or height anchor: also a constant (equalToConstant=) or a multiple of another dimension (multiplier=)")
        // The anchor's constraint{...} with the size options, declared here too because UIKit
        // declares constraint(equalToConstant:) and the multiplier forms on NSLayoutDimension.
        cls.methods = [
            method("constraint", .checked("options", .options(AnchorConstraintOptions.dimension), "{equalTo=, greaterThanOrEqualTo=, lessThanOrEqualTo= (a width or height anchor), constant=0, multiplier=1; or equalToConstant= / greaterThanOrEqualToConstant= / lessThanOrEqualToConstant=}"),
                   returns: .object("NSLayoutConstraint"), doc: "an inactive constraint (Swift constraint(equalToConstant:), constraint(equalTo:multiplier:constant:) and the others)", of: DimensionAnchor.self) { call, anchor, _ in
                call.push(try call.anchorConstraint(anchor))
                return 1
            },
        ]
        return cls
    }

    private static func priorityClass() -> APIClass {
        var cls = APIClass(name: "UILayoutPriority", superclass: nil, doc: "Named priorities (numbers 1...1000).", isValue: true)
        cls.constants = [
            ("required", .number, "1000: a constraint that must hold", { call in call.push(LayoutPriority.required) }),
            ("defaultHigh", .number, "750: compression resistance's default", { call in call.push(LayoutPriority.defaultHigh) }),
            ("defaultLow", .number, "250: content hugging's default", { call in call.push(LayoutPriority.defaultLow) }),
            ("fittingSizeLevel", .number, "50", { call in call.push(LayoutPriority.fittingSizeLevel) }),
        ]
        return cls
    }

    /// UIView's and UILayoutGuide's anchors.
    static func anchorProperties<T: HostObject & LayoutItem>(of _: T.Type) -> [APIProperty] {
        let anchors: [(String, LayoutAttribute, String)] = [
            ("leadingAnchor", .leading, "NSLayoutXAxisAnchor"), ("trailingAnchor", .trailing, "NSLayoutXAxisAnchor"),
            ("leftAnchor", .left, "NSLayoutXAxisAnchor"), ("rightAnchor", .right, "NSLayoutXAxisAnchor"),
            ("topAnchor", .top, "NSLayoutYAxisAnchor"), ("bottomAnchor", .bottom, "NSLayoutYAxisAnchor"),
            ("centerXAnchor", .centerX, "NSLayoutXAxisAnchor"), ("centerYAnchor", .centerY, "NSLayoutYAxisAnchor"),
            ("widthAnchor", .width, "NSLayoutDimension"), ("heightAnchor", .height, "NSLayoutDimension"),
        ]
        return anchors.map { name, attribute, className in
            property(name, .object(className), "the \(attribute.rawValue) anchor", of: T.self,
                     get: { call, item in call.push(LayoutAnchor.of(item, attribute)) })
        }
    }

    /// UIView's Auto Layout members (added to UIView in Views.swift).
    static func viewAutoLayoutMembers() -> (properties: [APIProperty], methods: [APIFunction], hooks: [APIFunction]) {
        let properties = anchorProperties(of: View.self) + [
            property("translatesAutoresizingMaskIntoConstraints", .boolean(), "true (the default): the view stays where its frame puts it; set false on a view that constraints place", \View.translatesAutoresizingMaskIntoConstraints),
            property("constraints", .list(.object("NSLayoutConstraint")), "the active constraints installed on this view (their items' nearest common ancestor)", of: View.self,
                     get: { call, v in call.pushList(v.installedConstraints) }),
            property("layoutGuides", .list(.object("UILayoutGuide")), "the guides added with addLayoutGuide", of: View.self,
                     get: { call, v in call.pushList(v.layoutGuides) }),
            property("intrinsicContentSize", .value("CGSize"), "the size its content asks for (-1: none in that axis); a subclass may override it with a method returning a CGSize", of: View.self,
                     get: { call, v in call.push(v.currentIntrinsicContentSize()) }),
            property("hasAmbiguousLayout", .boolean, "whether the constraints leave the frame undetermined (transit check reports it)", of: View.self,
                     get: { call, v in call.push(v.hasAmbiguousLayout) }),
        ]
        let methods = [
            method("addConstraint", .object("constraint", LayoutConstraint.self), doc: "activates it (UIKit's older API)", of: View.self) { call, v, constraint in
                try call.layout { try v.addConstraint(constraint) }; return 0
            },
            method("addConstraints", .checked("constraints", .list(.object("NSLayoutConstraint"))), doc: "activates each", of: View.self) { call, v, _ in
                for constraint in try call.constraintList(1) { try call.layout { try v.addConstraint(constraint) } }
                return 0
            },
            method("removeConstraint", .object("constraint", LayoutConstraint.self), doc: "deactivates it if it is installed on this view", of: View.self) { call, v, constraint in
                v.removeConstraint(constraint); return 0
            },
            method("removeConstraints", .checked("constraints", .list(.object("NSLayoutConstraint"))), doc: "removeConstraint for each", of: View.self) { call, v, _ in
                for constraint in try call.constraintList(1) { v.removeConstraint(constraint) }
                return 0
            },
            method("addLayoutGuide", .object("guide", LayoutGuide.self), doc: "adds a UILayoutGuide() for constraints to place", of: View.self) { call, v, guide in
                try call.layout { try v.addLayoutGuide(guide) }; return 0
            },
            method("removeLayoutGuide", .object("guide", LayoutGuide.self), doc: "removes it and the constraints that use it", of: View.self) { call, v, guide in
                v.removeLayoutGuide(guide); return 0
            },
            method("invalidateIntrinsicContentSize", [], "the next layout pass asks intrinsicContentSize again", of: View.self) { call, v in
                v.invalidateIntrinsicContentSize(); return 0
            },
            method("setContentHuggingPriority", .finite("priority", "1...1000"), .enumeration("axis", LayoutAxis.self, "NSLayoutConstraintAxis"),
                   doc: "how strongly the view resists growing past its intrinsic size (default 250)", of: View.self) { call, v, priority, axis in
                try call.layout { try v.setContentHuggingPriority(priority, for: axis) }; return 0
            },
            method("contentHuggingPriority", .enumeration("axis", LayoutAxis.self, "NSLayoutConstraintAxis"), returns: .number,
                   doc: "the content hugging priority for an axis", of: View.self) { call, v, axis in
                call.push(axis == .horizontal ? v.contentHugging.horizontal : v.contentHugging.vertical); return 1
            },
            method("setContentCompressionResistancePriority", .finite("priority", "1...1000"), .enumeration("axis", LayoutAxis.self, "NSLayoutConstraintAxis"),
                   doc: "how strongly the view resists shrinking below its intrinsic size (default 750)", of: View.self) { call, v, priority, axis in
                try call.layout { try v.setContentCompressionResistancePriority(priority, for: axis) }; return 0
            },
            method("contentCompressionResistancePriority", .enumeration("axis", LayoutAxis.self, "NSLayoutConstraintAxis"), returns: .number,
                   doc: "the compression resistance priority for an axis", of: View.self) { call, v, axis in
                call.push(axis == .horizontal ? v.compressionResistance.horizontal : v.compressionResistance.vertical); return 1
            },
            method("setNeedsUpdateConstraints", [], "updateConstraints runs before the next layout", of: View.self) { call, v in
                v.setNeedsUpdateConstraints(); return 0
            },
            method("updateConstraintsIfNeeded", [], "runs updateConstraints now on this view and its subviews that asked", of: View.self) { call, v in
                try v.updateConstraintsIfNeeded(); return 0
            },
            method("updateConstraints", [], "UIKit's constraints update (override it; call Class.super.updateConstraints(self) last)", of: View.self) { _, v in
                try v.updateConstraints(); return 0
            },
        ]
        let hooks = [
            hook(Hook.View.updateConstraints, [], swift: "func updateConstraints()", "add or change constraints before layout; call super last (self.super.updateConstraints(self) in a subclass)"),
            hook(Hook.View.intrinsicContentSize, [], returns: .value("CGSize"), swift: "var intrinsicContentSize: CGSize { get }", "the size the view's content asks for; call invalidateIntrinsicContentSize() when it changes"),
        ]
        return (properties, methods, hooks)
    }

    /// UILayoutGuide's Auto Layout members (added to UILayoutGuide in Layout.swift).
    static func layoutGuideAutoLayoutMembers() -> [APIProperty] {
        anchorProperties(of: LayoutGuide.self) + [
            property("identifier", .string(), "a name for traces", \LayoutGuide.identifier),
        ]
    }
}

extension HostCall {
    /// Runs model code whose Auto Layout errors are the script's: messages as UIKit's exceptions say them.
    func layout<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as LayoutConstraintError { throw fail(error.description) }
    }

    /// `anchor:constraint{...}`: exactly one relation key.
    func anchorConstraint(_ anchor: LayoutAnchor) throws -> LayoutConstraint {
        let isDimension = anchor is DimensionAnchor
        try checkOptions(1, isDimension ? AnchorConstraintOptions.dimension : AnchorConstraintOptions.axis) { key in
            // A key of the dimension table given to a position anchor: say why it is refused.
            !isDimension && AnchorConstraintOptions.dimension.field(key) != nil ? "That key is for sizes: only a width or height anchor takes \(key)" : nil
        }
        let relations: [(String, LayoutConstraintRelation)] = [("equalTo", .equal), ("greaterThanOrEqualTo", .greaterThanOrEqual), ("lessThanOrEqualTo", .lessThanOrEqual)]
        var chosen: [(LayoutConstraintRelation, LayoutAnchor?, Double?)] = []
        for (key, relation) in relations {
            if field(1, key) {
                guard let other = runtime.object(at: -1) as? LayoutAnchor else {
                    let got = runtime.typeDescription(at: -1)
                    transit_pop(L, 1)
                    throw fail("\(key) must be an anchor, e.g. other.\(anchor.attribute.rawValue)Anchor (got \(got))")
                }
                chosen.append((relation, other, nil))
            }
            transit_pop(L, 1)
            if isDimension, let constant = try numberOption(1, key + "Constant") { chosen.append((relation, nil, constant)) }
        }
        guard chosen.count == 1, let (relation, other, constantOnly) = chosen.first else {
            throw fail(chosen.isEmpty ? "give one of equalTo=, greaterThanOrEqualTo=, lessThanOrEqualTo=\(isDimension ? ", equalToConstant=" : "") (e.g. {equalTo = other.\(anchor.attribute.rawValue)Anchor, constant = 8})"
                                      : "give only one relation (equalTo=, greaterThanOrEqualTo= or lessThanOrEqualTo=)")
        }
        if let constantOnly {
            guard constantOnly.isFinite else { throw fail("the constant must be finite") }
            return try layout { try anchor.constraint(relation, to: nil, constant: constantOnly) }
        }
        let constant = try numberOption(1, "constant") ?? 0
        let multiplier = try numberOption(1, "multiplier") ?? 1
        guard constant.isFinite, multiplier.isFinite else { throw fail("constant and multiplier must be finite") }
        return try layout { try anchor.constraint(relation, to: other, multiplier: multiplier, constant: constant) }
    }

    /// A list of constraints at `argument`.
    func constraintList(_ argument: Int) throws -> [LayoutConstraint] {
        guard isTable(argument) else { throw argumentError(argument, "a list of NSLayoutConstraint") }
        let count = Int(lua_rawlen(L, index(argument)))
        var constraints: [LayoutConstraint] = []
        for position in 0..<count {
            lua_rawgeti(L, index(argument), lua_Integer(position + 1))
            defer { transit_pop(L, 1) }
            guard let constraint = runtime.object(at: -1) as? LayoutConstraint else {
                throw fail("entry \(position + 1) must be an NSLayoutConstraint (got \(runtime.typeDescription(at: -1)))")
            }
            constraints.append(constraint)
        }
        return constraints
    }

    func layoutItemOption(_ argument: Int, _ key: String) throws -> (any LayoutItem)? {
        defer { transit_pop(L, 1) }
        guard field(argument, key) else { return nil }
        guard let item = runtime.object(at: -1) as? any LayoutItem else {
            throw fail("\(key) must be a UIView or UILayoutGuide (got \(runtime.typeDescription(at: -1)))")
        }
        return item
    }

    func enumOption<E: RawRepresentable>(_ argument: Int, _ key: String, _ type: E.Type, _ enumName: String) throws -> E? where E.RawValue == String {
        defer { transit_pop(L, 1) }
        guard field(argument, key) else { return nil }
        guard let text = runtime.string(at: -1) else { throw fail("\(key) must be a string (got \(runtime.typeDescription(at: -1)))") }
        guard let value = E(rawValue: text) else { throw fail("\(key): " + runtime.unknownEnumMessage(enumName, text)) }
        return value
    }
}

/// `anchor:constraint{...}`'s options: one relation to another anchor and a constant; a width
/// or height anchor also takes a multiplier, or a relation to a constant.
enum AnchorConstraintOptions {
    private static let relations: [OptionTable.Field] = [
        .optional("equalTo", .object("NSLayoutAnchor"), "one of the three relations is required"), .optional("greaterThanOrEqualTo", .object("NSLayoutAnchor")),
        .optional("lessThanOrEqualTo", .object("NSLayoutAnchor")), .optional("constant", .number, "default 0"),
    ]
    static let axis = OptionTable("NSLayoutAnchor.ConstraintOptions", "a position anchor's constraint{...}", relations)
    static let dimension = OptionTable("NSLayoutDimension.ConstraintOptions", "a width or height anchor's constraint{...}", relations + [
        .optional("multiplier", .number, "default 1"), .optional("equalToConstant", .number),
        .optional("greaterThanOrEqualToConstant", .number), .optional("lessThanOrEqualToConstant", .number),
    ])
}

extension TransitAPI {
    /// `NSLayoutConstraint{...}`: Swift's NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:).
    static let constraintOptions = OptionTable("NSLayoutConstraint.Options", "NSLayoutConstraint{...}: item.attribute (relatedBy) toItem.attribute2 × multiplier + constant", [
        .required("item", .union([.object("UIView"), .object("UILayoutGuide")])), .required("attribute", .enumeration("NSLayoutAttribute")),
        .optional("relatedBy", .enumeration("NSLayoutRelation"), "default \"equal\""), .optional("toItem", .union([.object("UIView"), .object("UILayoutGuide")])),
        .optional("attribute2", .enumeration("NSLayoutAttribute"), "default: attribute (notAnAttribute without toItem)"),
        .optional("multiplier", .number, "default 1"), .optional("constant", .number, "default 0"),
        .optional("priority", .number, "1...1000, default 1000"), .optional("identifier", .string),
    ])
}
