resource "terraform_data" "t" {
	input	=	"a	b"
	triggers_replace = [	1,	2 ]
}
	locals {
		x = 1
	}
