/*
 * scsi/scsi_cmnd.h - the SCSI command of Linux 6.1 (include/scsi/scsi_cmnd.h,
 * include/scsi/scsi_device.h), reduced to the fields drivers' queuecommand
 * paths use here.
 */
#ifndef _SCSI_SCSI_CMND_H
#define _SCSI_SCSI_CMND_H

#include <linux/kernel.h>

struct Scsi_Host;

struct scsi_device {
	struct Scsi_Host *host;
	unsigned int id, channel;
	u64 lun;
};

struct scsi_cmnd {
	struct scsi_device *device;
	unsigned char *cmnd;
	unsigned short cmd_len;
	int result;
	void *host_scribble;
};

extern void scsi_done(struct scsi_cmnd *cmd);

#endif
