import type { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import { fileTypesFor, uniqueFileName } from '@portal/domain/rules/file-type';
import type { RequestActor } from '../../auth/actor';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditedEntity, recordChanges } from '../../modules/audit';
import type { FileStorage } from '../storage';
import {
  deleteSetFile,
  type FileSetRow,
  type FileSetTable,
  findSetFile,
  insertSetFile,
  listSetFiles,
  updateSetFileType,
} from './file-set.repository';
import { createStoredFiles, type StoredUpload } from './stored-files';

/** A new row of a set, before the set adds its owner column and its own columns. */
export interface NewSetFile {
  id: string;
  storageKey: string;
  filename: string;
  fileType: FileType;
  size: number;
  createdBy: string;
}

/**
 * What one set of business files declares: where its files lie and are recorded, who may do what (the
 * set's own policy; a refusal is its own status and German message), and how a row is answered.
 */
export interface FileSetSpec<Owner, Row extends FileSetRow, Insert, Out> {
  /** The storage key of a file: generated from owner and file id (SPEC §5), never from the user's name. */
  key(ownerId: string, fileId: string): string;
  table: FileSetTable<Row, Insert>;
  /** The record whose change history lists the set's files (field `files`). */
  history: AuditedEntity;
  /** A bound on what one owner holds, and the German refusal past it. */
  maxFiles: number;
  tooManyFiles: string;
  /** The refusal of a type the file's extension does not allow. */
  typeRefused(filename: string, fileType: FileType): AppError;
  access: {
    /** May add (or reclassify) files; `lock` inside the transaction that records the file. */
    upload(db: DbOrTx, actor: RequestActor, ownerId: string, lock: boolean): Promise<Owner>;
    /** May remove files (checked again per file by `refuseRemove`); always inside the transaction. */
    remove(tx: DbOrTx, actor: RequestActor, ownerId: string): Promise<Owner>;
    /** May download the set's files. */
    read(db: DbOrTx, actor: RequestActor, ownerId: string): Promise<unknown>;
  };
  /** A type the owner does not take now (e.g. a signed document of the offer's state). */
  refuseType?(owner: Owner, fileType: FileType): void;
  /** A file this actor may not remove (e.g. the other side's upload). */
  refuseRemove?(owner: Owner, file: Row, actor: RequestActor): void;
  /** The type of an upload sent without one. */
  proposeType(owner: Owner, filename: string): FileType;
  /** The row to insert: the new file with the set's owner column and its own columns. */
  row(file: NewSetFile, ownerId: string, actor: RequestActor): Insert;
  present(row: Row, owner: Owner): Out;
}

/**
 * SPEC §5: one set of business files (an enquiry's, an offer's): uploads stream into the storage with the
 * checks of files/checked-upload.ts, then are recorded with a type their extension allows and a unique
 * name (numeric prefix), up to a bound per owner, with an entry in the owner's change history; downloads
 * and deletions follow the set's policy, and a removed file's content goes after the commit.
 */
export function createFileSet<Owner, Row extends FileSetRow, Insert, Out>(
  deps: { db: Db; storage: FileStorage },
  spec: FileSetSpec<Owner, Row, Insert, Out>,
) {
  const { db, storage } = deps;
  const stored = createStoredFiles(storage, spec.key);

  function history(
    tx: DbOrTx,
    actor: RequestActor,
    ownerId: string,
    oldValue: string | null,
    newValue: string | null,
  ) {
    return recordChanges(tx, { entityType: spec.history, entityId: ownerId, userId: actor.userId }, [
      { field: 'files', oldValue, newValue },
    ]);
  }

  return {
    /** Before any byte is read: the actor may add files to this owner (the set's statuses otherwise). */
    async checkUpload(actor: RequestActor, ownerId: string): Promise<void> {
      await spec.access.upload(db, actor, ownerId, false);
    },

    store: stored.store,

    async discard(file: StoredUpload): Promise<void> {
      await stored.discard(file);
    },

    /**
     * Records a stored upload: the chosen type (one its extension allows) or the proposed one, a unique
     * name. The owner is locked, so two uploads of the same name get two names; on any refusal the
     * stored content is removed again.
     */
    async attach(
      actor: RequestActor,
      ownerId: string,
      file: StoredUpload,
      chosenType: FileType | undefined,
    ): Promise<Out> {
      try {
        if (chosenType && !fileTypesFor(file.filename).includes(chosenType)) {
          throw spec.typeRefused(file.filename, chosenType);
        }
        return await db.transaction(async (tx) => {
          const owner = await spec.access.upload(tx, actor, ownerId, true);
          const existing = await listSetFiles(tx, spec.table, ownerId);
          if (existing.length >= spec.maxFiles) throw new AppError('VALIDATION', spec.tooManyFiles);
          if (chosenType) spec.refuseType?.(owner, chosenType);
          const filename = uniqueFileName(
            file.filename,
            existing.map((row) => row.filename),
          );
          const newFile: NewSetFile = {
            id: file.id,
            storageKey: file.storageKey,
            filename,
            fileType: chosenType ?? spec.proposeType(owner, filename),
            size: file.size,
            createdBy: actor.userId,
          };
          const row = await insertSetFile(tx, spec.table, spec.row(newFile, ownerId, actor));
          await history(tx, actor, ownerId, null, filename);
          return spec.present(row, owner);
        });
      } catch (error) {
        await stored.discard(file);
        throw error;
      }
    },

    /** The user's classification of a file, among the types its extension allows. */
    async setType(actor: RequestActor, ownerId: string, fileId: string, fileType: FileType): Promise<Out> {
      return db.transaction(async (tx) => {
        const owner = await spec.access.upload(tx, actor, ownerId, true);
        const file = await findSetFile(tx, spec.table, ownerId, fileId);
        if (!file) throw new AppError('NOT_FOUND');
        if (!fileTypesFor(file.filename).includes(fileType)) throw spec.typeRefused(file.filename, fileType);
        if (file.fileType === fileType) return spec.present(file, owner);
        const row = await updateSetFileType(tx, spec.table, fileId, fileType);
        await history(
          tx,
          actor,
          ownerId,
          `${file.filename}: ${file.fileType}`,
          `${file.filename}: ${fileType}`,
        );
        return spec.present(row, owner);
      });
    },

    /** Removes a file; its content goes from the storage after the commit. */
    async remove(actor: RequestActor, ownerId: string, fileId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const owner = await spec.access.remove(tx, actor, ownerId);
        const file = await findSetFile(tx, spec.table, ownerId, fileId);
        if (!file) throw new AppError('NOT_FOUND');
        spec.refuseRemove?.(owner, file, actor);
        await deleteSetFile(tx, spec.table, fileId);
        await history(tx, actor, ownerId, file.filename, null);
        return file;
      });
      await storage.remove(removed.storageKey);
    },

    /** A file and its content for whoever may read the owner (404 for a file of another owner). */
    async download(
      actor: RequestActor,
      ownerId: string,
      fileId: string,
    ): Promise<{ file: Row; stream: Readable }> {
      await spec.access.read(db, actor, ownerId);
      const file = await findSetFile(db, spec.table, ownerId, fileId);
      if (!file) throw new AppError('NOT_FOUND');
      return { file, stream: await stored.open(file.storageKey) };
    },
  };
}
