/// The render pass of a `ViewGraph`: each composite view evaluated, re-walked or reused
/// (`renderComposite`), the children a pass did not reach swept away or kept, departed, for a
/// quick return, and the per-identity storage of primitives. The graph's public
/// face (render, update, dispatch, adopt) is in ViewGraph.swift.
extension ViewGraph {
    func renderPass(fresh: Bool) -> Node {
        // The page rendering, for what a model made here reaches without a view (a location
        // manager a `@StateObject` starts in its `init`).
        let outer = PageHost.acting
        PageHost.acting = host
        defer { PageHost.acting = outer }
        pass &+= 1
        beginWalk(of: root)
        root.visitedChildren = 0
        storageCursor = (root, nil)
        // The app's appearance may keep every page in one scheme.
        let forcedScheme = UIKitAppearance.colorScheme
        var environment = self.environment
        if let forcedScheme { environment.colorScheme = forcedScheme }
        let context = _RenderContext(
            graph: self, owner: root, environment: environment,
            elementKey: IdentityHash.seed, identityKey: IdentityHash.seed, isFreshValue: fresh)
        var nodes: [Node] = []
        renderRoot(context, &nodes)
        renderHostPresentation(context, &nodes)
        sweep(root)
        storageCursor = nil
        root.isDirty = false
        root.hasDirtyDescendant = false
        let node = Node("div", key: IdentityHash.seed)
        switch forcedScheme {
        case .dark?: node.setAttribute("class", RuntimeContract.Class.root + " " + StyleClass.schemeDark)
        case .light?: node.setAttribute("class", RuntimeContract.Class.root + " " + StyleClass.schemeLight)
        case nil: node.setAttribute("class", RuntimeContract.Class.root)
        }
        // What the page host asked of the browser: a title over the screen's, an address to open.
        if let title = host.title { node.setAttribute(RuntimeContract.Attribute.title, title) }
        if host.keepsScreenOn { node.setAttribute(RuntimeContract.Attribute.keepsAwake, "") }
        if let request = host.openRequest { node.setAttribute(RuntimeContract.Attribute.open, "\(request.serial) \(request.url)") }
        if let request = host.downloadRequest { node.setAttribute(RuntimeContract.Attribute.download, request) }
        // The visitor chose a language: the browser keeps it and shows the page again in it.
        if let request = host.languageRequest { node.setAttribute(RuntimeContract.Attribute.language, "\(request.serial) \(request.tag)") }
        // Only a page a visitor has used shows its browser's notifications: a pristine rendering
        // may be shared by pages of several browsers.
        if UNUserNotificationCenter.inUse, !isPristine, let inbox = UNUserNotificationCenter.current().inbox(for: host), !inbox.isEmpty {
            node.setAttribute(RuntimeContract.Attribute.notifications, inbox.joined(separator: "\n"))
        }
        if !host.mediaRequests.isEmpty { node.setAttribute(RuntimeContract.Attribute.media, host.mediaRequests.joined(separator: "\n")) }
        // The app took the focus out of the page's field (features/focus.js blurs it).
        if host.endEditingRequests > 0 { node.setAttribute(RuntimeContract.Attribute.focus, "\(host.endEditingRequests) 0") }
        // A view's location manager wants the visitor's position: the browser's geolocation.
        if let request = host.locationRequest {
            node.setAttribute(RuntimeContract.Attribute.location, request)
            let host = host
            node.addHandler(EventBinding(event: .location) { payload in try host.locationArrived(payload) })
        }
        // A page whose views read `scenePhase` hears the browser hide and show it.
        if host.readsPhase {
            node.addHandler(
                EventBinding(event: .phase) { [weak self] payload in
                    let shown = try payload.text() != "background"
                    self?.setScenePhase(shown ? .active : .background)
                })
        }
        // A page whose views listen for the on-screen keyboard hears it come and go.
        if host.hearsKeyboard {
            let host = host
            node.addHandler(EventBinding(event: .keyboard) { payload in try host.keyboardChanged(payload) })
        }
        // A page whose views read a size class hears the window change class.
        if host.readsSizeClass {
            // The classes it was rendered for: the runtime reports the window's only when they
            // differ (a page rebuilt from its opening request is told again).
            node.setAttribute(RuntimeContract.Attribute.sizeClass, environment.request.sizeClassesText)
            node.addHandler(EventBinding(event: .sizeClass) { [weak self] payload in try self?.setSizeClasses(payload.text()) })
        }
        // A page Jetway serves whose views read the visitor's zone says the zone it was
        // rendered in: the runtime reports the browser's when it differs (the server moves the
        // page to a rendering in it). A page that reads no zone has nothing to move, and is the
        // same document in every zone (a page in another zone can take over its elements).
        if environment.request.followsBrowserZone && environment.request._zoneWasRead {
            node.setAttribute(RuntimeContract.Attribute.timeZone, environment.timeZoneUnnoted.identifier)
        }
        node.children = nodes
        return node
    }

    func renderComposite<V: View>(_ view: V, _ context: _RenderContext, _ out: inout [Node]) {
        let owner = context.owner
        let typeID = ObjectIdentifier(V.self)
        // A stateless view that left a moment ago and is back (a search cleared) is found too:
        // its last render is still good unless its value, place or environment changed.
        let (key, found) = claim(IdentityHash.mix(context.identityKey, IdentityHash.ofType(V.self)), typeID, in: owner)
        let instance: ViewInstance
        var mustEvaluate: Bool
        if let existing = found, existing.typeID == typeID {
            instance = existing
            mustEvaluate =
                existing.isDirty || existing.elementKey != context.elementKey
                || !seesSameEnvironment(existing, context.environment)
            if !mustEvaluate && context.isFreshValue {
                mustEvaluate = !isUnchanged(view, existing)
                // Skipped as equal: this new value's @State cells were never connected.
                if !mustEvaluate { existing.installedValueIsCurrent = false }
            }
        } else {
            if let replaced = found { unmount(replaced) }
            instance = ViewInstance(graph: self, type: V.self, parent: owner)
            owner.children[key] = instance
            mustEvaluate = true
        }
        if instance.visitMark != pass {
            instance.visitMark = pass
            owner.visitedChildren += 1
        }
        if mustEvaluate || (instance.hasDirtyDescendant && instance.renderBody == nil) {
            evaluate(view, instance, context)
        } else if instance.hasDirtyDescendant {
            walkBody(instance, context, fresh: false)
        } else {
            // Skipped: what it read is unchanged, so the new environment stands for the old.
            instance.environment = context.environment.snapshot
        }
        // What it and the views below it read, the owner's output depends on too.
        context.environment.reads?.note(instance.environmentReads)
        // Usually one node: appended one by one, not through the generic `append(contentsOf:)`.
        for node in instance.output { out.append(node) }
    }

    /// Whether `instance` would render the same in `environment` as in its last one, by the
    /// keys it read (`ViewInstance.seesSameEnvironment`). A version names one set of values, so
    /// the answer for a pair of versions and a set of keys is remembered for the next instance
    /// that asks: the rows of a list all ask the same question when their environment changed.
    func seesSameEnvironment(_ instance: ViewInstance, _ environment: EnvironmentValues) -> Bool {
        let from = instance.environment.version
        let to = environment.version
        if from == to { return true }
        let keys = instance.environmentReads
        if let last = lastEnvironmentCheck, last.from == from, last.to == to, last.keys == keys { return last.same }
        let same = instance.seesSameEnvironment(as: environment)
        lastEnvironmentCheck = (from, to, keys, same)
        return same
    }

    /// `keys`, or an equal array already held by another instance: the rows of a list read
    /// the same keys, and a thousand copies of one array are a thousand allocations.
    private func sharedReads(_ keys: [ObjectIdentifier]) -> [ObjectIdentifier] {
        if keys.isEmpty { return [] }
        // A row and the views in it each read their own set: a few recent sets are enough.
        for known in recentReads where known == keys { return known }
        if recentReads.count == 8 { recentReads.removeFirst() }
        recentReads.append(keys)
        return keys
    }

    /// The identity key itself, unless another view already claimed it in this pass (duplicate
    /// `ForEach` ids, the same modifier twice): then the next key along a fixed chain, so
    /// duplicates get separate state in a stable order instead of sharing it. Returns the
    /// instance at that key too: the one there from the last render, or a departed one of
    /// `typeID` brought back (one lookup of each map on the usual path).
    func claim(_ start: UInt64, _ typeID: ObjectIdentifier, in owner: ViewInstance) -> (UInt64, ViewInstance?) {
        var key = start
        while true {
            let existing = owner.children[key]
            guard let existing else { return (key, nil) }
            if existing.visitMark == pass {
                key = IdentityHash.mix(key, 0xD0)
                continue
            }
            if !existing.isMounted {
                if existing.typeID == typeID {
                    existing.isMounted = true
                    owner.departedCount -= 1
                    return (key, existing)
                }
                // Another type at this identity now: what left is not coming back.
                owner.children[key] = nil
                owner.departedCount -= 1
                unmount(existing)
                retired.append(existing)
                return (key, nil)
            }
            return (key, existing)
        }
    }

    private func evaluate<V: View>(_ view: V, _ instance: ViewInstance, _ context: _RenderContext) {
        // A value re-walked from a stored body is the one installed last time (its @State cells
        // already point at the storage): skip the Mirror walk, a third of a kiosk's update.
        if DeviceReadTrace.isOn { return DeviceReadTrace.noting(V.self) { evaluateBody(view, instance, context) } }
        evaluateBody(view, instance, context)
    }

    private func evaluateBody<V: View>(_ view: V, _ instance: ViewInstance, _ context: _RenderContext) {
        if context.isFreshValue || context.rebuiltValues || !instance.installedValueIsCurrent {
            DynamicProperties.install(view, in: instance, environment: context.environment)
            instance.installedValueIsCurrent = true
        } else {
            DynamicProperties.update(instance)
        }
        beginEvaluation(of: instance)
        let body = track(instance) { view.body }
        let render: @MainActor (_RenderContext, inout [Node]) -> Void = { context, out in V.Body._render(body, context, &out) }
        if context.insidePureRow {
            instance.lastView = nil
        } else if let isEqual = equality(for: V.self) {
            instance.lastView = LastView(view, isEqual)
        }
        walk(instance, context, fresh: true, render)
        // The body is kept to render it again when a view below changes; with no views below
        // (a row of texts and stacks) that cannot happen, and the body is most of a row's memory.
        if instance.liveChildCount > 0 {
            instance.renderBody = render
        } else if instance.renderBody != nil {
            instance.renderBody = nil
        }
    }

    private func walkBody(_ instance: ViewInstance, _ context: _RenderContext, fresh: Bool) {
        walk(instance, context, fresh: fresh) { context, out in instance.renderBody?(context, &out) }
    }

    /// Renders `instance`'s content with `render` as its owner: its output, its environment
    /// reads, its children swept.
    func walk(
        _ instance: ViewInstance, _ context: _RenderContext, fresh: Bool,
        _ render: (_RenderContext, inout [Node]) -> Void
    ) {
        beginWalk(of: instance)
        instance.elementKey = context.elementKey
        instance.environment = context.environment.snapshot
        instance.visitedChildren = 0
        var bodyContext = context
        bodyContext.owner = instance
        bodyContext.identityKey = IdentityHash.seed
        bodyContext.isFreshValue = fresh
        bodyContext.rebuiltValues = false
        bodyContext.insidePureRow = false
        let reads = instance.readLog ?? EnvironmentReads()
        instance.readLog = reads
        reads.start(with: instance.propertyReads)
        bodyContext.environment.reads = reads
        var nodes: [Node] = []
        let outerCursor = storageCursor
        storageCursor = (instance, nil)
        render(bodyContext, &nodes)
        storageCursor = outerCursor
        instance.environmentReads = sharedReads(reads.keys)
        reads.finish()
        sweep(instance)
        for node in nodes { node.isFrozen = true }
        instance.output = nodes
        instance.isDirty = false
        instance.hasDirtyDescendant = false
    }

    /// Drops the children this pass did not reach: their identities left the tree. Stateless
    /// ones stay in the map, departed (unmounted), for a quick return; past `departedLimit`
    /// the ones that left first go for good.
    private func sweep(_ instance: ViewInstance) {
        sweepStorage(of: instance)
        guard instance.visitedChildren < instance.liveChildCount else { return }
        // Written only when larger: the write makes the instance's extras record.
        if instance.liveChildCount > instance.peakLiveChildren { instance.peakLiveChildren = instance.liveChildCount }
        let pass = pass
        let gone = instance.children.entries(where: { $0.isMounted && $0.visitMark != pass })
        for (key, child) in gone {
            // Stateless composite views come back through `renderComposite`.
            if departedLimit > 0 && !instance.ownsLazyWindow && Self.isStateless(child) {
                child.isMounted = false
                child.departedPass = pass
                instance.departedCount += 1
                instance.departures.append((key, pass))
            } else {
                instance.children[key] = nil
                unmount(child)
                retired.append(child)
            }
        }
        if instance.departedCount > departedLimit(of: instance) { evictDeparted(of: instance) }
        // Children that came back leave their entries behind. (Read first: writing makes the
        // instance's extras record.)
        if !instance.departures.isEmpty {
            instance.departures.dropStale(whenMoreThanTwice: instance.departedCount) { entry in
                guard let child = instance.children[entry.key] else { return false }
                return !child.isMounted && child.departedPass == entry.pass
            }
        }
    }

    /// How many departed children `instance` keeps: as many as it has shown at once (a list a
    /// search empties gets every row back without evaluating one), at least 64, at most
    /// `departedLimit`. Not more: a board whose rows change all week would otherwise keep
    /// thousands of rows that will not come back.
    func departedLimit(of instance: ViewInstance) -> Int {
        min(departedLimit, max(64, instance.peakLiveChildren))
    }

    /// Unmounts the departed children that left first, until `departedLimit(of:)` remain.
    private func evictDeparted(of instance: ViewInstance) {
        let limit = departedLimit(of: instance)
        while instance.departedCount > limit, let (key, pass) = instance.departures.popFirst() {
            // Skipped: back on the page since, or gone for good, or departed again later.
            guard let child = instance.children[key], !child.isMounted, child.departedPass == pass else { continue }
            instance.children[key] = nil
            instance.departedCount -= 1
            unmount(child)
            retired.append(child)
        }
    }

    /// Whether dropping `instance` and creating it again could make no difference: no state,
    /// no subscriptions, no lifecycle hooks below it, only caches of its last render.
    static func isStateless(_ instance: ViewInstance) -> Bool {
        guard instance.slots.isEmpty, instance.subscriptions.isEmpty else { return false }
        if instance.storageRecords.contains(where: { !$0.isCache }) { return false }
        return instance.children.allSatisfy(isStateless)
    }

    /// Frees what the last update replaced (the old page's nodes, unmounted instances). A
    /// host calls this after it has sent the patch, so freeing a large subtree does not delay
    /// the patch; `update()` also calls it before rendering again.
    public func releaseRetired() {
        retired.removeAll()
        tree.releaseRetired()
    }

    func unmount(_ instance: ViewInstance) {
        instance.isMounted = false
        retireTrackings(of: instance)
        for child in instance.children.allValues { unmount(child) }
        instance.children.removeAll()
        instance.departedCount = 0
        instance.dropDeparturesAndSubscriptions()
        var record = instance.storage
        while let current = record {
            didDrop(current)
            record = current.next
        }
        instance.storage = nil
    }

    /// Tells storage that wants to know that its view left the tree (after the commit).
    private func didDrop(_ record: PrimitiveStorage) {
        if let observer = record.state as? UnmountObserving {
            afterCommit.append { observer.didUnmount() }
        }
    }

    /// Drops the storage of primitives `instance`'s render did not reach: they left its body.
    private func sweepStorage(of instance: ViewInstance) {
        var previous: PrimitiveStorage?
        var record = instance.storage
        while let current = record {
            record = current.next
            if current.visitMark == pass {
                previous = current
            } else {
                instance.removeStorage(after: previous)
                didDrop(current)
            }
        }
    }

    /// Per-identity storage for primitives, kept by the owner (`PrimitiveStorage`).
    func persistentState<State: AnyObject>(_ type: State.Type, _ context: _RenderContext, create: () -> State) -> State {
        let owner = context.owner
        let cursor = storageCursor?.owner === owner ? storageCursor?.record : nil
        var key = IdentityHash.mix(context.identityKey, IdentityHash.ofType(State.self))
        while let (record, previous) = owner.storageRecord(key, after: cursor) {
            // The same primitive twice at one identity (the same modifier twice): the next key.
            if record.visitMark == pass {
                key = IdentityHash.mix(key, 0xD0)
                continue
            }
            if let state = record.state as? State {
                record.visitMark = pass
                storageCursor = (owner, record)
                return state
            }
            // Another type's storage under this key: what it was for has left.
            owner.removeStorage(after: previous)
            didDrop(record)
            break
        }
        let state = create()
        // After the cursor's record (or first): the list stays in render order.
        let after = storageCursor?.owner === owner ? storageCursor?.record : nil
        let record = PrimitiveStorage(state: state, key: key, visitMark: pass, next: nil)
        owner.insertStorage(record, after: after)
        storageCursor = (owner, record)
        return state
    }
}
