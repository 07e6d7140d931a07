/** The project folders' (business data) public face: the routes, and the storage key the demo data writes under. */
export { businessDataModule } from './business-data.module';
export { folderFileKey } from './folder-files.service';
