"""Migrating the test database as Django's ``MigrationExecutor`` does, each model state rendered
once per test.

Django's executor computes, for every operation it applies or unapplies, the project state before
and after it, and renders the models of each (a model related to a tournament re-renders most of
the project). Going back it renders every state twice: once to find the state before each
migration, and again, operation by operation, to unapply it. The migration tests migrate back
and forth over the same migrations several times, and the states are the same each time: the
state before a migration's operations depends only on which migrations are applied then.

``StateKeepingExecutor.migrate`` runs the same operations with the same states, in the same
order, with the same schema editor per migration and the same records in ``django_migrations``;
only the states come from ``_CHAINS`` when this test computed them already (until
``forget_states``): {(the migrations applied, the migration): [the state before its first
operation, after its first, ..., after its last]}. A state there is never changed once made
(each next one is a clone), so it can serve again. A state is equal to the one Django would use
(the same models' states); whether its models were rendered all at once or after each operation,
as both Django and this executor do, does not change what an operation does to the database.
"""

from contextlib import nullcontext

from django.apps import apps as global_apps
from django.db.migrations.exceptions import IrreversibleError
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.migration import Migration
from django.db.migrations.state import ProjectState
from django.db.transaction import atomic

Key = tuple[str, str]
# Operations of migrations that stay between two to unapply, above which the second's state is
# rendered anew (about 55 models) rather than after each of theirs (about 20 models each).
FEW = 2
_CHAINS: dict[tuple[frozenset[Key], Key], list[ProjectState]] = {}


def forget_states() -> None:
    """Let the states go, at the end of a test that migrated: kept for the rest of the run,
    their million objects would make every full collection of Python's garbage slower."""
    _CHAINS.clear()


class StateKeepingExecutor(MigrationExecutor):
    def _migrate_all_forwards(self, state, plan, full_plan, fake, fake_initial):
        assert not fake, "the tests migrate for real"
        assert not fake_initial, "the tests migrate for real"
        to_apply = {migration for migration, _backwards in plan}
        applied = self._applied_keys()
        for migration, _backwards in full_plan:
            if not to_apply:
                break
            if migration in to_apply:
                chain = self._chain(applied, migration, state)
                self._apply(migration, chain)
                state = chain[-1]
                applied = applied | {key(migration)}
                to_apply.remove(migration)
        return state.clone()  # the caller may change it (the migrate command does)

    def _migrate_all_backwards(self, plan, full_plan, fake):
        assert not fake, "the tests migrate for real"
        to_unapply = {migration for migration, _backwards in plan}
        applied_keys = self._applied_keys()
        chains: dict[Migration, list[ProjectState]] = {}
        plain = self._create_project_state()  # at ``included``, its models never rendered
        rendered: ProjectState | None = None  # the end of the last chain
        staying: list[Migration] = []  # the migrations that stay, applied since that chain
        included: frozenset[Key] = frozenset()
        for migration, _backwards in full_plan:
            if not to_unapply:
                break
            if key(migration) not in applied_keys:
                continue
            if migration in to_unapply:
                if rendered is not None and sum(len(m.operations) for m in staying) > FEW:
                    rendered = None  # rendering all at once costs less than each of theirs
                if rendered is not None:
                    at = included - {key(m) for m in staying}
                    for between in staying:
                        rendered = self._chain(at, between, rendered)[-1]
                        at = at | {key(between)}
                chains[migration] = self._chain(
                    included, migration, plain if rendered is None else rendered
                )
                rendered = chains[migration][-1]
                staying = []
                to_unapply.remove(migration)
            else:
                staying.append(migration)
            migration.mutate_state(plain, preserve=False)
            included = included | {key(migration)}
        for migration, _backwards in plan:
            self._unapply(migration, chains[migration])
        left = applied_keys - {key(migration) for migration, _backwards in plan}
        state = self._create_project_state()
        for migration, _backwards in full_plan:
            if key(migration) in left:
                migration.mutate_state(state, preserve=False)
        return state

    def _applied_keys(self) -> frozenset[Key]:
        return frozenset(k for k in self.loader.applied_migrations if k in self.loader.graph.nodes)

    @staticmethod
    def _chain(
        included: frozenset[Key], migration: Migration, state: ProjectState
    ) -> list[ProjectState]:
        """The states around each operation of ``migration`` from ``state`` (which holds the
        migrations ``included``): computed once, then kept."""
        found = _CHAINS.get((included, key(migration)))
        if found is None:
            if "apps" not in state.__dict__:
                state = state.clone()
                state.apps  # noqa: B018 -- render all at once, as Django does
            found = [state]
            for operation in migration.operations:
                after = found[-1].clone()
                operation.state_forwards(migration.app_label, after)
                found.append(after)
            _CHAINS[(included, key(migration))] = found
        return found

    def _apply(self, migration: Migration, chain: list[ProjectState]) -> None:
        """``apply_migration`` and ``Migration.apply`` with the states of ``chain``."""
        recorded = False
        with self.connection.schema_editor(atomic=migration.atomic) as schema_editor:
            for index, operation in enumerate(migration.operations):
                before, after = chain[index], chain[index + 1]
                with _atomic_if_needed(migration, operation, schema_editor):
                    _fresh_content_types(before, after)
                    operation.database_forwards(migration.app_label, schema_editor, before, after)
            if not schema_editor.deferred_sql:
                self.record_migration(migration)
                recorded = True
        if not recorded:
            self.record_migration(migration)

    def _unapply(self, migration: Migration, chain: list[ProjectState]) -> None:
        """``unapply_migration`` and ``Migration.unapply`` with the states of ``chain``."""
        for operation in migration.operations:
            if not operation.reversible:
                raise IrreversibleError(f"Operation {operation} in {migration} is not reversible")
        with self.connection.schema_editor(atomic=migration.atomic) as schema_editor:
            for index in reversed(range(len(migration.operations))):
                operation = migration.operations[index]
                before, after = chain[index], chain[index + 1]
                with _atomic_if_needed(migration, operation, schema_editor):
                    _fresh_content_types(before, after)
                    operation.database_backwards(migration.app_label, schema_editor, after, before)
        for app_label, name in migration.replaces or []:
            self.recorder.record_unapplied(app_label, name)
        self.recorder.record_unapplied(migration.app_label, migration.name)


def key(migration: Migration) -> Key:
    return (migration.app_label, migration.name)


def _atomic_if_needed(migration, operation, schema_editor):
    """Django's rule: an atomic operation outside a transaction gets one."""
    atomic_operation = operation.atomic or (migration.atomic and operation.atomic is not False)
    if not schema_editor.atomic_migration and atomic_operation:
        return atomic(schema_editor.connection.alias)
    return nullcontext()


def _fresh_content_types(*states: ProjectState) -> None:
    """A state's models serve more than once here: no content type its manager cached from an
    earlier run (whose rows may be gone) is taken for one now."""
    for state in states:
        rendered = state.__dict__.get("apps")
        if rendered is None or rendered is global_apps:
            continue
        model = rendered.all_models.get("contenttypes", {}).get("contenttype")
        if model is not None:
            model.objects.clear_cache()
