// The strong references model objects hold to one another, for a script layer that must tell
// objects only its scripts keep alive (their cycles can be collected) from objects the model
// itself holds (their script state must survive while it does).
//
// Listing a reference that is not strong would make the script layer believe an object is
// held only through others when the model holds it: it could then drop script state still in
// use. Leaving a strong reference out only keeps state alive longer. So this lists exactly the
// stored strong references between HostObjects, and nothing else.

public enum ObjectGraph {
    /// Calls `body` once for every strong stored reference from `object` to another model
    /// object (a reference stored twice is reported twice).
    public static func forEachStrongReference(of object: HostObject, _ body: (HostObject) -> Void) {
        if let view = object as? View {
            body(view.layer)
            for subview in view.subviews { body(subview) }
            for recognizer in view.gestureRecognizers { body(recognizer) }
            for guide in view.madeLayoutGuides { body(guide) }
            for constraint in view.installedConstraints { body(constraint) }
        }
        if let scrollView = object as? ScrollView {
            body(scrollView.panGestureRecognizer)
            if let delegate = scrollView.delegateSlot.strongHost { body(delegate) }
        }
        if let list = object as? ListView {
            if let dataSource = list.dataSourceSlot.strongHost { body(dataSource) }
            body(list.selectionRecognizer)
            for cell in list.visibleCellsInOrder { body(cell) }   // also subviews: stored twice
            for cell in list.queuedCells { body(cell) }
        }
        if let collection = object as? CollectionView { body(collection.collectionViewLayout) }
        if let cell = object as? ListCell {
            body(cell.contentView)
            if let background = cell.selectedBackgroundView { body(background) }
        }
        if let cell = object as? TableViewCell {
            body(cell.textLabel)
            if let detail = cell.detailTextLabel { body(detail) }
            body(cell.separator)
        }
        if let controller = object as? CollectionViewController { body(controller.collectionViewLayout) }
        // A gesture recognizer holds a host-object delegate weakly (GestureRecognizer.delegate).
        if let effectView = object as? VisualEffectView {
            body(effectView.backdropView)
            body(effectView.contentView)
            if let effect = effectView.effect { body(effect) }
        }
        if let controller = object as? ViewController {
            if let view = controller.viewIfLoaded { body(view) }
            if let presented = controller.presentedViewController { body(presented) }
            if let presentation = controller.presentationController { body(presentation) }
            if let delegate = controller.transitioningDelegate as? HostObject { body(delegate) }
        }
        if let layer = object as? Layer {
            // Standalone sublayers and the mask (through the layer's LayerTree), and the animation
            // objects added by key (through its KeyedAnimation entries).
            if let tree = layer.tree {
                for entry in tree.sublayers { body(entry.layer) }
                if let mask = tree.mask { body(mask) }
            }
            for animation in layer.keyedAnimationObjects { body(animation) }
        }
        if let animation = object as? CoreAnimationObject {
            if let delegate = animation.delegate as? HostObject { body(delegate) }
            if let group = animation as? AnimationGroupObject { for child in group.animations { body(child) } }
        }
        if let navigation = object as? NavigationController {
            for child in navigation.viewControllers { body(child) }
        }
        if let tabs = object as? TabBarController {
            for child in tabs.viewControllers { body(child) }
            if let content = tabs.contentView { body(content) }
            if let bar = tabs.tabBar { body(bar) }
            for label in tabs.tabLabels { body(label) }
            if let delegate = tabs.delegate as? HostObject { body(delegate) }
        }
        if let presentation = object as? PresentationController {
            body(presentation.presentedViewController)
            body(presentation.presentingViewController)
            if let container = presentation.containerView { body(container) }
            if let delegate = presentation.delegate as? HostObject { body(delegate) }
            if let adaptive = presentation.adaptiveViewController { body(adaptive) }
        }
    }
}
