resource "terraform_data" "cache" {
  count = var.size
  input = "v-${terraform.workspace}"

  lifecycle {
    prevent_destroy = true
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = { a = 1 }
}

module "nested" {
  source = "./modules/nest"
  count  = 2
  input = "d"
}

output "ids" {
  value = module.nested[*].output
}
