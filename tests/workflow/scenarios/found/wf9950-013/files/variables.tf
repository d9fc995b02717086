variable "name" {
  type = string
  description = "A variable."
  default = "alpha"
}

variable "name1" {
  type = string
  nullable = false
}
