import CLua
import TransitCore

// UIButton and UIApplication.

extension TransitAPI {
    nonisolated(unsafe) static let controlEnums: [APIEnum] = [
        APIEnum(name: "UIControlState", cases: ControlState.allCases.map(\.rawValue), doc: "a control's state (per-state titles, colours, images)"),
        APIEnum(name: "UIControlEvent", cases: ControlEvent.allCases.map(\.rawValue), doc: "the events a control sends its targets"),
        APIEnum(name: "UIScrollViewContentInsetAdjustmentBehavior", cases: ContentInsetAdjustmentBehavior.allCases.map(\.rawValue),
                doc: "how a scroll view adds the safe area to its insets"),
    ]

    static func controlClasses() -> [APIClass] {
        var button = APIClass(name: "UIButton", superclass: "UIView", doc: "A button: a title and an image, actions sent by taps.", isValue: false)
        button.isSubclassable = true
        button.matches = { $0 is Button }
        let options = OptionTable.properties(of: button.name, extra: [
            .optional("title", .string, "the title for the normal state (setTitle(_:for:))"),
            .optional("titleColor", .value(Color.luaName), "the title colour for the normal state (setTitleColor(_:for:))"),
            .optional("image", .value("UIImage"), "the image for the normal state (setImage(_:for:))"),
        ])
        button.constructorParameters = [viewOptionsParameter(options, "title, titleColor, image, and any writable UIView property (frame, backgroundColor, ...)")]
        button.construct = { call in
            let made = Button(world: call.runtime.world)
            try call.applyOptions(1, to: made, options)
            if call.isTable(1) {
                if call.field(1, "title") {
                    defer { transit_pop(call.L, 1) }
                    guard lua_type(call.L, -1) == LUA_TSTRING, let title = call.runtime.string(at: -1) else {
                        throw call.fail("option title must be a string (got \(call.runtime.typeDescription(at: -1)))")
                    }
                    made.setTitle(title, for: .normal)
                }
                if call.field(1, "titleColor") {
                    defer { transit_pop(call.L, 1) }
                    guard let color = call.runtime.read(Color.self, at: -1), color.isFinite else {
                        throw call.fail("option titleColor must be a UIColor (got \(call.runtime.typeDescription(at: -1)))")
                    }
                    made.setTitleColor(color, for: .normal)
                }
                if call.field(1, "image") {
                    defer { transit_pop(call.L, 1) }
                    guard let image = call.runtime.readImage(at: -1) else {
                        throw call.fail("option image must be a UIImage (from transit.image) (got \(call.runtime.typeDescription(at: -1)))")
                    }
                    made.setImage(image, for: .normal)
                }
            }
            return made
        }
        let state = Argument.optional(.enumeration("state", ControlState.self, "UIControlState", "default \"normal\""), default: .normal)
        button.properties = [
            property("titleLabel", .object("UILabel"), "the label showing the title (font and alignment are its own)", of: Button.self,
                     get: { call, b in call.push(b.titleLabel) }),
            property("imageView", .object("UIImageView"), "the image view showing the image", of: Button.self,
                     get: { call, b in call.push(b.imageView) }),
            property("currentTitle", .optional(.string), "the title shown now", of: Button.self,
                     get: { call, b in call.push(b.currentTitle) }),
            property("isHighlighted", .boolean(), "true while a touch that went down in it is held", \Button.isHighlighted),
            property("isSelected", .boolean(), "the selected state", \Button.isSelected),
            property("isEnabled", .boolean(), "a disabled button takes no touches and greys its title", \Button.isEnabled),
            property("state", .enumeration("UIControlState"), "the state whose values show (disabled, highlighted, selected, else normal)", of: Button.self,
                     get: { call, b in call.push(b.state.rawValue) }),
            property("contentEdgeInsets", .value(EdgeInsets.self), "space kept around the title and image", \Button.contentEdgeInsets),
        ]
        button.methods = [
            method("setTitle", Argument.optional(Argument<String>.string("title")), state, doc: "the title for a state (nil: the normal state's)", of: Button.self) { call, b, title, state in
                b.setTitle(title, for: state); return 0
            },
            method("title", state, returns: .optional(.string), doc: "title(for:): the title for a state", of: Button.self) { call, b, state in
                call.push(b.title(for: state)); return 1
            },
            method("setTitleColor", Argument.optional(Argument<Color>.value("color", Color.self)), state, doc: "the title's colour for a state (default: the tint)", of: Button.self) { call, b, color, state in
                b.setTitleColor(color, for: state); return 0
            },
            method("titleColor", state, returns: .value("UIColor"), doc: "titleColor(for:)", of: Button.self) { call, b, state in
                call.push(b.titleColor(for: state)); return 1
            },
            method("setImage", .checked("image", .optional(.value("UIImage"))), state, doc: "the image for a state", of: Button.self) { call, b, _, state in
                b.setImage(call.isNil(1) ? nil : try call.image(1), for: state); return 0
            },
            method("addTarget", .checked("target", .any, "a table or object, or nil with a function"),
                   .checked("action", .union([.function, .string]), "a function called as action(target, sender), or the name of a method of target"),
                   .enumeration("event", ControlEvent.self, "UIControlEvent", "e.g. \"touchUpInside\""),
                   doc: "addTarget(_:action:for:): calls the action when the button sends the event", of: Button.self) { call, b, _, _, event in
                b.addAction(try call.controlAction(target: 1, action: 2, events: [event]))
                return 0
            },
            method("removeTarget", .checked("target", .any, "nil: every target"), .checked("action", .optional(.union([.function, .string])), "nil: every action"),
                   .optional(.enumeration("event", ControlEvent.self, "UIControlEvent", "nil: every event")),
                   doc: "removes the matching target-action pairs", of: Button.self) { call, b, _, _, event in
                b.removeActions(targetKey: call.isNil(1) ? nil : call.identityKey(1), actionKey: call.isNil(2) ? nil : try call.actionKey(2),
                                events: event.map { [$0] } ?? Set(ControlEvent.allCases))
                return 0
            },
            method("sendActions", .enumeration("event", ControlEvent.self, "UIControlEvent"), doc: "sendActions(for:): calls the targets of an event now", of: Button.self) { call, b, event in
                try b.sendActions(for: event); return 0
            },
        ]

        var application = APIClass(name: "UIApplication", superclass: "NSObject", doc: "The app (UIApplication.shared).", isValue: false)
        application.matches = { $0 is Application }
        application.constants = [("shared", .object("UIApplication"), "the app", { call in call.push(call.runtime.world.application) })]
        application.properties = [
            property("isStatusBarHidden", .boolean(), "whether the status bar is hidden; setting it hides or shows it (as an app without view controller-based status bar appearance)", of: Application.self,
                     get: { call, a in call.push(a.isStatusBarHidden) }, set: { call, a, hidden in try a.setStatusBarHidden(hidden) }),
            property("isIgnoringInteractionEvents", .boolean, "true between beginIgnoringInteractionEvents and its endIgnoringInteractionEvents", of: Application.self,
                     get: { call, a in call.push(a.isIgnoringInteractionEvents) }),
            property("windows", .list(.object("UIWindow")), "the app's windows (Transit has one)", of: Application.self,
                     get: { call, a in call.pushList(a.windows) }),
            property("keyWindow", .object("UIWindow"), "the key window", of: Application.self,
                     get: { call, a in call.push(a.keyWindow) }),
        ]
        application.methods = [
            method("beginIgnoringInteractionEvents", [], "touches reach nothing until the matching end (calls nest)", of: Application.self) { _, a in
                a.beginIgnoringInteractionEvents(); return 0
            },
            method("endIgnoringInteractionEvents", [], "ends one beginIgnoringInteractionEvents", of: Application.self) { _, a in
                a.endIgnoringInteractionEvents(); return 0
            },
        ]
        return [button, application]
    }
}

extension HostCall {
    /// A control's target-action pair, held as gesture targets are (host objects weakly,
    /// tables strongly); the action is called as action(target, sender).
    func controlAction(target: Int, action: Int, events: Set<ControlEvent>) throws -> ControlAction {
        let actionKey = try self.actionKey(action)
        if isNil(target) {
            guard lua_type(L, index(action)) == LUA_TFUNCTION else { throw argumentError(action, "a function (a method name needs a target)") }
            let function = try self.function(action)
            return ControlAction(targetKey: nil, actionKey: actionKey, events: events) { sender, _ in
                try function.call { runtime in lua_pushnil(runtime.L); runtime.push(sender); return 2 }
            }
        }
        guard lua_type(L, index(target)) == LUA_TTABLE || lua_type(L, index(target)) == LUA_TUSERDATA else {
            throw argumentError(target, "a table or object, or nil with a function")
        }
        let key = identityKey(target)
        let runtime = self.runtime
        let host = runtime.object(at: index(target)) as? HostObject
        let table = host == nil ? LuaValueReference(runtime: runtime, index: index(target)) : nil
        let targetObject: () -> AnyObject? = { [weak host] in host ?? table }
        if lua_type(L, index(action)) == LUA_TFUNCTION {
            let function = try self.function(action)
            return ControlAction(targetKey: key, actionKey: actionKey, events: events) { sender, _ in
                guard let object = targetObject() else { return }
                try function.call { runtime in runtime.push(object); runtime.push(sender); return 2 }
            }
        }
        let name = try string(action)
        guard runtime.hasMethod(named: name, at: index(target)) else {
            throw fail("the target (\(runtime.typeDescription(at: index(target)))) has no method \"\(name)\"")
        }
        return ControlAction(targetKey: key, actionKey: actionKey, events: events) { [weak runtime] sender, _ in
            guard let runtime, let object = targetObject() else { return }
            try runtime.performAction(named: name, on: object, sender: sender, senderName: sender.traceName)
        }
    }
}
